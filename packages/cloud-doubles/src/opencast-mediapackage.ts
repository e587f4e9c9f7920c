/**
 * Media packages as the Opencast double's ingest service keeps them. As in Opencast, the package XML travels
 * with every request: each step answers the package with the new element, and the next step must send that
 * XML back. Elements the XML does not name are not part of the package (a client that drops the answer of a
 * step loses that element), and `ingest` takes exactly what the XML it is given names.
 */

export interface StoredElement {
  id: string;
  kind: 'track' | 'catalog';
  flavor: string;
  mimetype: string;
  url: string;
  /** Catalogs: the XML text. */
  text?: string;
  /** Tracks: where the bytes are, the name the client gave, the byte count. */
  path?: string;
  filename?: string;
  size?: number;
  /** Tracks: the tags ingest was given. */
  tags?: string[];
}

export interface StoredPackage {
  id: string;
  start: string;
  elements: Map<string, StoredElement>;
}

const NS = 'http://mediapackage.opencastproject.org';
const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderPackage(mp: StoredPackage, ids: string[]): string {
  const elements = ids.map((id) => mp.elements.get(id)).filter((e): e is StoredElement => e !== undefined);
  const render = (e: StoredElement) =>
    `<${e.kind} id="${esc(e.id)}" type="${esc(e.flavor)}"><mimetype>${esc(e.mimetype)}</mimetype>${
      e.tags?.length ? `<tags>${e.tags.map((t) => `<tag>${esc(t)}</tag>`).join('')}</tags>` : ''
    }<url>${esc(e.url)}</url>${e.kind === 'track' ? '<live>false</live>' : ''}</${e.kind}>`;
  const tracks = elements.filter((e) => e.kind === 'track').map(render);
  const catalogs = elements.filter((e) => e.kind === 'catalog').map(render);
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<mediapackage xmlns="${NS}" id="${esc(mp.id)}" start="${esc(mp.start)}">`,
    tracks.length ? `<media>${tracks.join('')}</media>` : '<media/>',
    catalogs.length ? `<metadata>${catalogs.join('')}</metadata>` : '<metadata/>',
    '<attachments/><publications/></mediapackage>',
  ].join('');
}

/** The package id and element ids an XML names, or undefined when it is no media package. */
export function readPackageXml(xml: string | undefined): { id: string; elements: string[] } | undefined {
  if (!xml) return undefined;
  const root = /<mediapackage\b[^>]*\bid="([^"]+)"/.exec(xml);
  if (!root || !xml.includes('</mediapackage>')) return undefined;
  const elements = [...xml.matchAll(/<(?:track|catalog|attachment)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[1]);
  return { id: root[1], elements };
}

export function workflowXml(id: number, mp: StoredPackage, definition: string, ids: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<workflow xmlns="http://workflow.opencastproject.org" id="${id}" state="RUNNING"><template>${esc(definition)}</template>`,
    renderPackage(mp, ids).replace(/^<\?xml[^>]*\?>/, ''),
    '</workflow>',
  ].join('');
}
