import type { Position } from './source-ref.js';
import type { ContentTypeNode, EditorInterfaceNode, LocaleNode, MemberNode, ReportNode } from './nodes.js';
import { ScriptRemovals } from './script-removals.js';
import type { TaxonomyIndex } from './taxonomy.js';
import { StringTable } from '../util/compact/string-table.js';

/**
 * The part of a space that rules need as a whole: content types, editor interfaces, locales and
 * the organisation's taxonomy. Entries and assets are not here; they are streamed past the rules
 * one at a time.
 */
export class SpaceModel {
  readonly contentTypes = new Map<string, ContentTypeNode>();
  readonly editorInterfaces = new Map<string, EditorInterfaceNode>();
  readonly locales = new Map<string, LocaleNode>();
  /** The taxonomy export, or null when no input holds one (an empty export is not null). */
  taxonomy: TaxonomyIndex | null = null;
  /**
   * Steps of migration scripts (config `migrations`) that the migration tool rejects, each at its
   * script line (the node's record), with the tool's message: reported by migration-invalid.
   */
  readonly migrationIssues: { node: ReportNode; message: string }[] = [];
  /**
   * Content types and fields that migration scripts delete (a field also when renamed away), each
   * at the script line that does it: findings about the removal are reported there, and name it.
   * Empty without scripts.
   */
  readonly scriptRemovals = new ScriptRemovals();
  /**
   * Values of keys repeated in an input's structure (two `entries` sections in an export), not
   * read: JSON.parse keeps only a repeated key's last value, and so does cmlint. Each with where
   * the value read instead is; reported by input-shape.
   */
  readonly repeatedKeys: { node: MemberNode; kept: Position }[] = [];
  /**
   * Entry ids met in the run, numbered once: the reader's check for duplicate ids and the rules
   * that keep ids across entries share this one table of bytes (an export of a million entries
   * would otherwise hold each id once per user).
   */
  readonly entryIds = new StringTable();

  private defaultLocalesCache: readonly LocaleNode[] | undefined;

  /** The locale marked `default: true` (the first one, if an input marks several). */
  get defaultLocale(): LocaleNode | undefined {
    return this.defaultLocales[0];
  }

  /**
   * Every locale marked `default: true`. The service has exactly one default locale, but inputs
   * can mark several (the service's own import fixture does); rules that cannot tell which one
   * the service uses treat all of them as the default.
   */
  get defaultLocales(): readonly LocaleNode[] {
    return (this.defaultLocalesCache ??= [...this.locales.values()].filter((l) => l.json.default === true));
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

