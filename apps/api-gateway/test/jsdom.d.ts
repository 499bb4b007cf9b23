/**
 * The part of jsdom the status page tests use to read server-rendered HTML and the Atom feed (the package ships no
 * types, and these tests compile without the DOM library).
 */
declare module 'jsdom' {
  interface ParsedNode {
    readonly textContent: string | null;
    readonly namespaceURI: string | null;
    readonly lang: string;
    getAttribute(name: string): string | null;
    querySelector(selector: string): ParsedNode | null;
    querySelectorAll(selector: string): ArrayLike<ParsedNode>;
    getElementsByTagName(name: string): ArrayLike<ParsedNode>;
  }
  interface ParsedDocument extends ParsedNode {
    readonly documentElement: ParsedNode;
  }
  export class JSDOM {
    constructor(text: string, options?: { contentType?: string });
    readonly window: { document: ParsedDocument };
  }
}
