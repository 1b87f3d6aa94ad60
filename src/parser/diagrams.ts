// The syntax diagrams of the running grammar (Chevrotain's generator over the parser's productions).
// The page loads its scripts from the installed chevrotain package, so it opens without a network.
import { createSyntaxDiagramsCode } from 'chevrotain';
import { protocolParser } from './index.js';

export function syntaxDiagramsHtml(): string {
  return createSyntaxDiagramsCode(protocolParser().getSerializedGastProductions(), {
    resourceBase: '../node_modules/chevrotain/diagrams/',
  });
}
