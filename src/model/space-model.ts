import type { ContentTypeNode, EditorInterfaceNode, LocaleNode } from './nodes.js';

/**
 * The part of a space that rules need as a whole: content types, editor interfaces and locales.
 * Entries and assets are not here; they are streamed past the rules one at a time.
 */
export class SpaceModel {
  readonly contentTypes = new Map<string, ContentTypeNode>();
  readonly editorInterfaces = new Map<string, EditorInterfaceNode>();
  readonly locales = new Map<string, LocaleNode>();

  private defaultLocaleCache: LocaleNode | null | undefined;

  /** The locale marked `default: true` (the first one, if an input marks several). */
  get defaultLocale(): LocaleNode | undefined {
    if (this.defaultLocaleCache === undefined) {
      this.defaultLocaleCache = [...this.locales.values()].find((l) => l.json.default === true) ?? null;
    }
    return this.defaultLocaleCache ?? undefined;
  }

  /**
   * The locale codes the service tries for `code`: the code itself, then its fallbacks in order.
   * Stops at a fallback that is not configured or that would repeat (a cycle).
   */
  fallbackChain(code: string): string[] {
    const chain: string[] = [];
    let next: string | null | undefined = code;
    while (next && !chain.includes(next) && this.locales.has(next)) {
      chain.push(next);
      next = this.locales.get(next)!.json.fallbackCode;
    }
    return chain;
  }
}
