import type { ConceptNode, ConceptSchemeNode } from './nodes.js';

/**
 * The organisation's taxonomy (concepts and concept schemes), read from a taxonomy export. A
 * concept's parents are its `broader` links; a scheme's concepts are those it lists in
 * `concepts` or `topConcepts` and those that name it in `conceptSchemes`. What is derived from
 * them is computed once, on first use, after all inputs are read.
 */
export class TaxonomyIndex {
  readonly concepts = new Map<string, ConceptNode>();
  readonly schemes = new Map<string, ConceptSchemeNode>();

  private readonly lineages = new Map<string, ReadonlySet<string>>();
  private schemeMembers: Map<string, Set<string>> | undefined;

  /**
   * The concept and every concept its `broader` chain reaches (parents, their parents, …). Each
   * concept is visited once, so a cycle ends the walk. An id that is not a concept is only itself.
   */
  lineage(conceptId: string): ReadonlySet<string> {
    let lineage = this.lineages.get(conceptId);
    if (lineage === undefined) {
      const found = new Set<string>([conceptId]);
      // A Set iterates over what is added while iterating: a breadth-first walk.
      for (const id of found) for (const parent of this.concepts.get(id)?.broader ?? []) found.add(parent);
      lineage = found;
      this.lineages.set(conceptId, lineage);
    }
    return lineage;
  }

  /** True if the concept is `ancestorId` itself or its `broader` chain reaches `ancestorId`. */
  isWithin(conceptId: string, ancestorId: string): boolean {
    return this.lineage(conceptId).has(ancestorId);
  }

  /** True if the concept, or a concept its `broader` chain reaches, is a concept of the scheme. */
  inScheme(conceptId: string, schemeId: string): boolean {
    const members = this.membersOf(schemeId);
    if (members === undefined) return false;
    for (const id of this.lineage(conceptId)) if (members.has(id)) return true;
    return false;
  }

  private membersOf(schemeId: string): Set<string> | undefined {
    if (this.schemeMembers === undefined) {
      this.schemeMembers = new Map();
      for (const scheme of this.schemes.values()) this.schemeMembers.set(scheme.id, new Set(scheme.concepts));
      for (const concept of this.concepts.values()) {
        for (const schemeId of concept.conceptSchemes) this.schemeMembers.get(schemeId)?.add(concept.id);
      }
    }
    return this.schemeMembers.get(schemeId);
  }
}
