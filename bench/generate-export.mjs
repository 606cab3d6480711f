#!/usr/bin/env node
// Seeded generator of realistic space exports, for benchmarks.
//
//   node bench/generate-export.mjs --entries 100000 [--seed 1] [--invalid-rate 0.01] [--broken-per-entry 1] [--cross-links] --out /tmp/export.json
//
// The file looks like what the service's export tool writes: the same top-level keys in the
// same order, pretty-printed with 2-space indentation. Content types have 5–25 fields of every
// field type (rich text included) with the validations real models use; the space has 2–5
// locales; entries carry `sys.fieldStatus`, tags and the usual `sys` links; links point at
// entries before and after them in the file. A share of entries (`--invalid-rate`) gets one
// value that breaks a validation or an empty required field (`--broken-per-entry K`: K values
// in different fields, for findings-heavy audits); the count per kind is printed
// to stderr, so a lint of the file can be checked against it.
//
// The same seed gives the same file. Records are written one at a time, so the generator's
// memory does not grow with the size of the file.

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export class Random {
  constructor(seed) {
    this.state = seed >>> 0;
  }

  next() {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p) {
    return this.next() < p;
  }

  pick(list) {
    return list[Math.floor(this.next() * list.length)];
  }

  /** `n` distinct items of `list`, in random order. */
  sample(list, n) {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  }

  /** A 22-character id like the service's. */
  id() {
    let id = '';
    for (let i = 0; i < 22; i++) id += ID_CHARS[Math.floor(this.next() * ID_CHARS.length)];
    return id;
  }

  words(min, max) {
    const n = this.int(min, max);
    const out = [];
    for (let i = 0; i < n; i++) out.push(this.pick(WORDS));
    return out.join(' ');
  }

  sentence(min, max) {
    const text = this.words(min, max);
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  }
}

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const WORDS = (
  'content model entry asset locale field value publish draft archive editor space environment ' +
  'title summary body author category product price event venue ticket schedule review rating ' +
  'search navigation footer header section module component layout image gallery video quote ' +
  'customer story guide tutorial release note feature launch campaign audience market region ' +
  'über café naïve façade résumé straße größe 東京 données niño'
).split(' ');
const LOCALE_CODES = ['en-US', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'ja-JP', 'pt-BR'];
const SPACE = { sys: { type: 'Link', linkType: 'Space', id: 'bench0space' } };
const ENVIRONMENT = { sys: { id: 'master', type: 'Link', linkType: 'Environment' } };
const USERS = ['4SejVrWT96dvL9IV4Nb7sQ', '7JwQsytwd8kvnc0VwIqBhq', '1zBvHyRk0qLmXn3bW8aPfd'].map((id) => ({ sys: { type: 'Link', linkType: 'User', id } }));
const TAG_IDS = ['featured', 'seasonal', 'archiveCandidate', 'partner', 'internal'];
const CATEGORIES = ['news', 'guide', 'product', 'event', 'story'];
const SYMBOL_TAGS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
const MARKS = ['bold', 'italic', 'underline', 'code'];
const NODE_TYPES = ['heading-2', 'heading-3', 'unordered-list', 'ordered-list', 'hyperlink', 'entry-hyperlink', 'embedded-entry-block', 'embedded-asset-block', 'blockquote', 'hr'];
const CONTENT_TYPE_NAMES = ['page', 'blogPost', 'author', 'product', 'category', 'event', 'faq', 'landingSection', 'seoSettings', 'location', 'testimonial', 'navigationItem'];

const link = (linkType, id) => ({ sys: { type: 'Link', linkType, id } });
const slugOf = (text) => text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'x';

/**
 * Field templates, one per kind of field real models have; every field type appears. Each has
 * the field (validations included) and makes valid values, and, where it has a validation, a
 * value that breaks it (`broken`).
 */
function fieldTemplates(model) {
  const anyType = () => model.contentTypeIds;
  return [
    { field: { id: 'title', type: 'Symbol', localized: true, required: true, validations: [{ size: { min: 1, max: 120 } }] },
      value: (r) => r.sentence(2, 8), broken: { kind: 'size', value: (r) => r.words(40, 60) } },
    { field: { id: 'slug', type: 'Symbol', required: true, validations: [{ unique: true }, { regexp: { pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', flags: null }, message: 'Lower-case words separated by hyphens' }] },
      value: (r, ctx) => `${slugOf(r.words(2, 4))}-${ctx.index}`, broken: { kind: 'regexp', value: (r) => `${r.words(2, 3)} Upper` } },
    { field: { id: 'summary', type: 'Text', localized: true, validations: [{ size: { max: 600 } }] },
      value: (r) => r.sentence(10, 40), broken: { kind: 'size', value: (r) => r.words(200, 260) } },
    { field: { id: 'body', type: 'RichText', localized: true, required: true, validations: [
        { enabledMarks: MARKS, message: 'Only bold, italic, underline and code' },
        { enabledNodeTypes: NODE_TYPES },
        { nodes: { 'embedded-entry-block': [{ size: { max: 6 } }, { linkContentType: anyType() }], 'entry-hyperlink': [{ linkContentType: anyType() }] } },
      ] },
      value: (r, ctx) => richText(r, ctx, false), broken: { kind: 'enabledMarks', value: (r, ctx) => richText(r, ctx, true) } },
    { field: { id: 'rating', type: 'Integer', validations: [{ range: { min: 1, max: 5 } }] }, value: (r) => r.int(1, 5), broken: { kind: 'range', value: (r) => r.int(6, 10) } },
    { field: { id: 'price', type: 'Number', validations: [{ range: { min: 0 } }] }, value: (r) => Math.round(r.next() * 100000) / 100, broken: { kind: 'range', value: () => -1 } },
    { field: { id: 'publishDate', type: 'Date', required: true, validations: [{ dateRange: { min: '2000-01-01T00:00:00Z', max: '2030-12-31T23:59:59Z' } }] },
      value: (r) => new Date(Date.UTC(r.int(2005, 2029), r.int(0, 11), r.int(1, 28), r.int(0, 23), r.int(0, 59))).toISOString(), broken: { kind: 'dateRange', value: () => '1999-06-01T00:00:00Z' } },
    { field: { id: 'featured', type: 'Boolean', validations: [] }, value: (r) => r.chance(0.2) },
    { field: { id: 'settings', type: 'Object', validations: [{ size: { max: 20 } }] },
      value: (r) => ({ theme: r.pick(['light', 'dark']), columns: r.int(1, 4), flags: r.sample(SYMBOL_TAGS, r.int(0, 3)) }) },
    { field: { id: 'location', type: 'Location', validations: [] }, value: (r) => ({ lat: r.int(-9000, 9000) / 100, lon: r.int(-18000, 18000) / 100 }) },
    { field: { id: 'author', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['author'] }] },
      value: (r, ctx) => link('Entry', ctx.pickEntry('author')), broken: { kind: 'linkContentType', value: (r, ctx) => link('Entry', ctx.pickEntry('category')) } },
    { field: { id: 'heroImage', type: 'Link', linkType: 'Asset', required: true, validations: [{ linkMimetypeGroup: ['image'] }, { assetFileSize: { max: 20_971_520 } }, { assetImageDimensions: { width: { min: 200 } } }] },
      value: (r, ctx) => link('Asset', ctx.pickAsset('image')), broken: { kind: 'linkMimetypeGroup', value: (r, ctx) => link('Asset', ctx.pickAsset('pdf')) } },
    { field: { id: 'tags', type: 'Array', items: { type: 'Symbol', validations: [{ in: SYMBOL_TAGS }] }, validations: [{ size: { max: 6 } }] },
      value: (r) => r.sample(SYMBOL_TAGS, r.int(1, 4)), broken: { kind: 'in', value: () => ['alpha', 'omega'] } },
    { field: { id: 'related', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: anyType() }] }, validations: [{ size: { max: 10 } }] },
      value: (r, ctx) => Array.from({ length: r.int(1, 5) }, () => link('Entry', ctx.pickEntry())) },
    { field: { id: 'gallery', type: 'Array', items: { type: 'Link', linkType: 'Asset', validations: [{ linkMimetypeGroup: ['image'] }] }, validations: [] },
      value: (r, ctx) => Array.from({ length: r.int(1, 6) }, () => link('Asset', ctx.pickAsset('image'))) },
    { field: { id: 'email', type: 'Symbol', validations: [{ regexp: { pattern: '^\\w[\\w.-]*@([\\w-]+\\.)+[\\w-]+$', flags: null } }] },
      value: (r) => `${r.pick(WORDS.slice(0, 40))}.${r.int(1, 999)}@example.com`, broken: { kind: 'regexp', value: () => 'not an address' } },
    { field: { id: 'website', type: 'Symbol', validations: [{ regexp: { pattern: '^(ftp|http|https):\\/\\/(\\w+:{0,1}\\w*@)?(\\S+)(:[0-9]+)?(\\/|\\/([\\w#!:.?+=&%@!\\-\\/]))?$' } }] },
      value: (r) => `https://www.example.com/${slugOf(r.words(1, 3))}` },
    { field: { id: 'category', type: 'Symbol', required: true, validations: [{ in: CATEGORIES }] }, value: (r) => r.pick(CATEGORIES), broken: { kind: 'in', value: () => 'misc' } },
    { field: { id: 'internalNote', type: 'Text', disabled: true, validations: [] }, value: (r) => r.sentence(3, 12) },
    { field: { id: 'seoDescription', type: 'Symbol', localized: true, validations: [{ size: { max: 160 } }, { prohibitRegexp: { pattern: '<[^>]+>' } }] },
      value: (r) => r.sentence(4, 10), broken: { kind: 'prohibitRegexp', value: () => 'Read <b>this</b>' } },
    { field: { id: 'legacyCode', type: 'Symbol', required: true, disabled: true, defaultValue: { 'en-US': 'NONE' }, validations: [] },
      value: (r) => `L-${r.int(1000, 9999)}`, broken: { kind: 'required', value: () => undefined } },
    { field: { id: 'sortOrder', type: 'Integer', validations: [] }, value: (r) => r.int(0, 1000) },
    { field: { id: 'subtitle', type: 'Symbol', localized: true, validations: [] }, value: (r) => r.sentence(2, 6) },
    { field: { id: 'attachments', type: 'Array', items: { type: 'Link', linkType: 'Asset', validations: [{ linkMimetypeGroup: ['pdfdocument', 'image'] }] }, validations: [{ size: { max: 4 } }] },
      value: (r, ctx) => Array.from({ length: r.int(1, 3) }, () => link('Asset', ctx.pickAsset(r.pick(['pdf', 'image'])))) },
    { field: { id: 'externalProduct', type: 'ResourceLink', validations: [], allowedResources: [{ type: 'Contentful:Entry', source: 'crn:contentful:::content:spaces/other0space', contentTypes: ['product'] }] },
      value: (r) => ({ sys: { type: 'ResourceLink', linkType: 'Contentful:Entry', urn: `crn:contentful:::content:spaces/other0space/environments/master/entries/${r.id()}` } }) },
  ];
}

const text = (value, marks) => ({ nodeType: 'text', value, marks: marks.map((type) => ({ type })), data: {} });
const block = (nodeType, content, data = {}) => ({ nodeType, data, content });

/** A document of a few paragraphs, headings, lists, hyperlinks and embedded entries and assets. */
function richText(r, ctx, withForbiddenMark) {
  const content = [];
  const paragraph = () => {
    const parts = [];
    for (let i = r.int(1, 3); i > 0; i--) parts.push(text(`${r.sentence(3, 20)} `, r.chance(0.3) ? [r.pick(MARKS)] : []));
    if (r.chance(0.2)) parts.push(block('hyperlink', [text(r.words(1, 3), [])], { uri: `https://example.com/${r.int(1, 999)}` }));
    if (r.chance(0.1)) parts.push(block('entry-hyperlink', [text(r.words(1, 3), [])], { target: link('Entry', ctx.pickEntry()) }));
    return block('paragraph', parts);
  };
  for (let i = r.int(1, 6); i > 0; i--) {
    const roll = r.next();
    if (roll < 0.55) content.push(paragraph());
    else if (roll < 0.7) content.push(block(r.pick(['heading-2', 'heading-3']), [text(r.sentence(2, 6), [])]));
    else if (roll < 0.8) content.push(block('unordered-list', Array.from({ length: r.int(2, 4) }, () => block('list-item', [paragraph()]))));
    else if (roll < 0.9) content.push(block('embedded-entry-block', [], { target: link('Entry', ctx.pickEntry()) }));
    else content.push(block('embedded-asset-block', [], { target: link('Asset', ctx.pickAsset('image')) }));
  }
  if (withForbiddenMark) content.push(block('paragraph', [text('Struck through.', ['strikethrough'])]));
  return block('document', content);
}

/**
 * With `crossLinks`: link fields whose broken values make a parallel run's cross-entry state
 * matter. `reviewer` has exactly the validation of `author` (two fields with one check); a broken
 * `contributors` array has two to four items, at random places, that link to entries of the
 * wrong type (anywhere in the file, before or after), among links of the right type.
 */
function crossLinkTemplates() {
  return [
    { field: { id: 'reviewer', type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['author'] }] },
      value: (r, ctx) => link('Entry', ctx.pickEntry('author')), broken: { kind: 'linkContentType', value: (r, ctx) => link('Entry', ctx.pickEntry('category')) } },
    { field: { id: 'contributors', type: 'Array', items: { type: 'Link', linkType: 'Entry', validations: [{ linkContentType: ['author'] }] }, validations: [{ size: { max: 8 } }] },
      value: (r, ctx) => Array.from({ length: r.int(1, 4) }, () => link('Entry', ctx.pickEntry('author'))),
      broken: {
        kind: 'linkContentType',
        value: (r, ctx) => {
          const items = Array.from({ length: r.int(4, 8) }, () => link('Entry', ctx.pickEntry('author')));
          for (const i of r.sample(items.map((_, k) => k), r.int(2, 4))) items[i] = link('Entry', ctx.pickEntry(r.pick(['category', 'product', 'page'])));
          return items;
        },
      } },
  ];
}

/** Content types, locales and the plan of which entry has which content type and id. */
function buildModel(r, entryCount, crossLinks = false) {
  const localeCount = r.int(2, 5);
  const codes = ['en-US', ...r.sample(LOCALE_CODES.slice(1), localeCount - 1)];
  const locales = codes.map((code, i) => ({
    name: code,
    code,
    fallbackCode: i === 0 ? null : 'en-US',
    default: i === 0,
    contentManagementApi: true,
    contentDeliveryApi: true,
    optional: i > 1 && r.chance(0.5),
    sys: { id: r.id(), type: 'Locale', version: 1, space: SPACE, environment: ENVIRONMENT },
  }));

  const model = { locales, contentTypeIds: CONTENT_TYPE_NAMES };
  const templates = [...fieldTemplates(model), ...(crossLinks ? crossLinkTemplates() : [])];
  const contentTypes = CONTENT_TYPE_NAMES.map((id, i) => {
    // The first content type has every kind of field; the others 5–25 of them, title first.
    const chosen = i === 0 ? templates : [templates[0], ...r.sample(templates.slice(1), r.int(4, 24))];
    return { id, templates: chosen };
  });
  const weights = contentTypes.map((_, i) => (i < 2 ? 6 : i < 5 ? 3 : 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const entryTypes = new Uint8Array(entryCount);
  const entryIds = [];
  const idsByType = new Map(contentTypes.map((ct) => [ct.id, []]));
  for (let i = 0; i < entryCount; i++) {
    let roll = r.next() * total;
    let t = 0;
    while ((roll -= weights[t]) > 0) t++;
    entryTypes[i] = t;
    const id = r.id();
    entryIds.push(id);
    idsByType.get(contentTypes[t].id).push(id);
  }
  return { locales, contentTypes, entryTypes, entryIds, idsByType };
}

function contentTypeRecord(r, ct) {
  return {
    sys: { space: SPACE, id: ct.id, type: 'ContentType', createdAt: '2024-03-01T10:00:00.000Z', updatedAt: '2025-02-11T09:30:00.000Z', environment: ENVIRONMENT, publishedVersion: 21, publishedAt: '2025-02-11T09:30:00.000Z', firstPublishedAt: '2024-03-01T10:00:00.000Z', createdBy: USERS[0], updatedBy: USERS[1], publishedCounter: 11, version: 22, publishedBy: USERS[1] },
    displayField: 'title',
    name: ct.id.replace(/^./, (c) => c.toUpperCase()),
    description: r.sentence(3, 10),
    fields: ct.templates.map(({ field }) => ({ name: field.id, localized: false, required: false, disabled: false, omitted: false, ...field })),
  };
}

function editorInterfaceRecord(ct) {
  return {
    sys: { id: 'default', type: 'EditorInterface', space: SPACE, version: 5, createdAt: '2024-03-01T10:00:00.000Z', updatedAt: '2025-02-11T09:30:00.000Z', environment: ENVIRONMENT, contentType: { sys: { id: ct.id, type: 'Link', linkType: 'ContentType' } } },
    controls: ct.templates.map(({ field }) => ({ fieldId: field.id, widgetId: field.type === 'RichText' ? 'richTextEditor' : 'singleLine', widgetNamespace: 'builtin' })),
  };
}

const IMAGE_TYPES = [['image/jpeg', 'jpg'], ['image/png', 'png'], ['image/webp', 'webp']];

function assetRecord(r, id, kind, locales) {
  const file = () => {
    if (kind === 'pdf') {
      return { url: `//assets.example.com/bench0space/${id}/${r.id()}/report.pdf`, details: { size: r.int(50_000, 5_000_000) }, fileName: `${slugOf(r.words(1, 3))}.pdf`, contentType: 'application/pdf' };
    }
    const [contentType, ext] = r.pick(IMAGE_TYPES);
    return {
      url: `//images.example.com/bench0space/${id}/${r.id()}/photo.${ext}`,
      details: { size: r.int(20_000, 8_000_000), image: { width: r.int(400, 4000), height: r.int(300, 3000) } },
      fileName: `${slugOf(r.words(1, 3))}.${ext}`,
      contentType,
    };
  };
  const localized = r.chance(0.1);
  const files = Object.fromEntries((localized ? locales : locales.slice(0, 1)).map((l) => [l.code, file()]));
  return {
    metadata: { tags: [], concepts: [] },
    sys: { space: SPACE, id, type: 'Asset', createdAt: '2025-01-05T08:00:00.000Z', updatedAt: '2025-01-05T08:01:00.000Z', environment: ENVIRONMENT, publishedVersion: 2, publishedAt: '2025-01-05T08:01:00.000Z', firstPublishedAt: '2025-01-05T08:01:00.000Z', createdBy: USERS[0], updatedBy: USERS[0], publishedCounter: 1, version: 3, publishedBy: USERS[0] },
    fields: { title: { [locales[0].code]: r.sentence(1, 4) }, description: { [locales[0].code]: r.sentence(3, 10) }, file: files },
  };
}

/** `sys.fieldStatus`: mostly published everywhere; some changed; a few with a locale still in draft. */
function fieldStatus(r, locales) {
  const roll = r.next();
  const status = {};
  locales.forEach((l, i) => {
    status[l.code] = roll < 0.9 ? 'published' : roll < 0.97 ? (i === 0 ? 'changed' : 'published') : i === locales.length - 1 && i > 0 ? 'draft' : 'published';
  });
  return { '*': status };
}

function entryRecord(r, index, model, ctx, broken, stats, brokenPerEntry = 1) {
  const ct = model.contentTypes[model.entryTypes[index]];
  const id = model.entryIds[index];
  const breakable = ct.templates.filter((t) => t.broken);
  // One broken value is one pick (the sequence of the default files stays as it was).
  const breakSet = !broken ? [] : brokenPerEntry === 1 ? [r.pick(breakable)] : r.sample(breakable, Math.min(brokenPerEntry, breakable.length));
  const fields = {};
  for (const template of ct.templates) {
    const { field } = template;
    const codes = field.localized ? model.locales.filter((l) => !l.optional || r.chance(0.5)).map((l) => l.code) : [model.locales[0].code];
    const breaks = breakSet.includes(template);
    if (!breaks && !field.required && r.chance(0.15)) continue;
    const values = {};
    for (const code of codes) {
      const value = breaks && code === codes[0] ? template.broken.value(r, ctx) : template.value(r, ctx);
      if (value !== undefined) values[code] = value;
    }
    if (Object.keys(values).length > 0) fields[field.id] = values;
  }
  for (const template of breakSet) stats[template.broken.kind] = (stats[template.broken.kind] ?? 0) + 1;
  const version = r.int(2, 40);
  const created = new Date(Date.UTC(2020, 0, 1) + index * 60_000).toISOString();
  return {
    metadata: { tags: r.sample(TAG_IDS, r.int(0, 2)).map((tag) => ({ sys: { type: 'Link', linkType: 'Tag', id: tag } })), concepts: [] },
    sys: {
      space: SPACE,
      id,
      type: 'Entry',
      createdAt: created,
      updatedAt: created,
      environment: ENVIRONMENT,
      publishedVersion: version - 1,
      publishedAt: created,
      firstPublishedAt: created,
      createdBy: r.pick(USERS),
      updatedBy: r.pick(USERS),
      publishedCounter: r.int(1, 9),
      version,
      publishedBy: r.pick(USERS),
      fieldStatus: fieldStatus(r, model.locales),
      automationTags: [],
      contentType: { sys: { type: 'Link', linkType: 'ContentType', id: ct.id } },
      urn: `crn:contentful:::content:spaces/bench0space/environments/master/entries/${id}`,
    },
    fields,
  };
}

/** Writes `records` (a count and a maker) as the array `key` of the export, one record at a time. */
async function writeSection(out, key, count, make, last = false) {
  await write(out, `  "${key}": [`);
  for (let i = 0; i < count; i++) {
    const json = JSON.stringify(make(i), null, 2).replace(/\n/g, '\n    ');
    await write(out, `${i === 0 ? '\n' : ',\n'}    ${json}`);
  }
  await write(out, `${count === 0 ? '' : '\n  '}]${last ? '\n' : ',\n'}`);
}

async function write(out, chunk) {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** Generates an export of `entries` entries into `out`; returns the counts of broken values by kind. */
export async function generateExport({ entries, seed = 1, invalidRate = 0.01, brokenPerEntry = 1, crossLinks = false, out }) {
  const r = new Random(seed);
  const model = buildModel(r, entries, crossLinks);
  const assetCount = Math.max(20, Math.round(entries / 20));
  const assetIds = Array.from({ length: assetCount }, () => r.id());
  const assetKinds = assetIds.map((_, i) => (i % 10 === 9 ? 'pdf' : 'image'));
  const assetsByKind = { image: assetIds.filter((_, i) => assetKinds[i] === 'image'), pdf: assetIds.filter((_, i) => assetKinds[i] === 'pdf') };
  const ctx = {
    index: 0,
    pickEntry: (type) => {
      const ids = type ? model.idsByType.get(type) : model.entryIds;
      return r.pick(ids.length > 0 ? ids : model.entryIds);
    },
    pickAsset: (kind) => r.pick(assetsByKind[kind]),
  };
  const stats = {};
  const stream = createWriteStream(out);
  await write(stream, '{\n');
  await writeSection(stream, 'contentTypes', model.contentTypes.length, (i) => contentTypeRecord(r, model.contentTypes[i]));
  await writeSection(stream, 'tags', TAG_IDS.length, (i) => ({ name: TAG_IDS[i], sys: { id: TAG_IDS[i], type: 'Tag', visibility: 'public', version: 1 } }));
  await writeSection(stream, 'editorInterfaces', model.contentTypes.length, (i) => editorInterfaceRecord(model.contentTypes[i]));
  await writeSection(stream, 'entries', entries, (i) => {
    ctx.index = i;
    return entryRecord(r, i, model, ctx, r.chance(invalidRate), stats, brokenPerEntry);
  });
  await writeSection(stream, 'assets', assetCount, (i) => assetRecord(r, assetIds[i], assetKinds[i], model.locales));
  await writeSection(stream, 'locales', model.locales.length, (i) => model.locales[i]);
  await writeSection(stream, 'webhooks', 0, () => null);
  await writeSection(stream, 'roles', 0, () => null, true);
  await write(stream, '}\n');
  stream.end();
  await once(stream, 'finish');
  return { locales: model.locales.map((l) => l.code), contentTypes: model.contentTypes.length, assets: assetCount, broken: stats };
}

function parseArgs(argv) {
  const args = { entries: 1000, seed: 1, invalidRate: 0.01, brokenPerEntry: 1, crossLinks: false, out: null };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--cross-links') {
      args.crossLinks = true;
      i--;
    } else if (flag === '--entries') args.entries = Number(value);
    else if (flag === '--seed') args.seed = Number(value);
    else if (flag === '--invalid-rate') args.invalidRate = Number(value);
    else if (flag === '--broken-per-entry') args.brokenPerEntry = Number(value);
    else if (flag === '--out') args.out = value;
    else throw new Error(`unknown flag ${flag}`);
  }
  if (!args.out || !Number.isInteger(args.entries) || args.entries < 1 || !Number.isInteger(args.brokenPerEntry) || args.brokenPerEntry < 1) {
    throw new Error('usage: node bench/generate-export.mjs --entries N [--seed S] [--invalid-rate R] [--broken-per-entry K] [--cross-links] --out FILE');
  }
  return args;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2));
  const started = Date.now();
  const summary = await generateExport(args);
  console.error(JSON.stringify({ ...args, ...summary, seconds: (Date.now() - started) / 1000 }));
}
