import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Reads a catalog the way Opencast's Mpeg7Parser does (a real XML parser: Python's expat): the root must be the
 * unprefixed `Mpeg7`; each VideoSegment's time point and duration, its free-text title and its video text.
 */
const READ = `
import sys, json, re, xml.etree.ElementTree as ET
NS = '{urn:mpeg:mpeg7:schema:2001}'
root = ET.fromstring(sys.stdin.buffer.read())
assert root.tag == NS + 'Mpeg7', root.tag
def point(t):
  m = re.fullmatch(r'T(\\d{2}):(\\d{2}):(\\d{2}):(\\d+)F(\\d+)', t)
  h, mi, s, n, f = map(int, m.groups()); return ((h * 60 + mi) * 60 + s) * 1000 + n * 1000 // f
def dur(t):
  m = re.fullmatch(r'PT(\\d+)H(\\d+)M(\\d+)S(\\d+)N(\\d+)F', t)
  h, mi, s, n, f = map(int, m.groups()); return ((h * 60 + mi) * 60 + s) * 1000 + n * 1000 // f
video = root.find(f'{NS}Description/{NS}MultimediaContent/{NS}Video')
out = {'duration': dur(video.find(f'{NS}MediaTime/{NS}MediaDuration').text), 'segments': []}
decomposition = video.find(f'{NS}TemporalDecomposition')
assert decomposition.get('criteria') == 'temporal'
for seg in decomposition.findall(f'{NS}VideoSegment'):
  text = seg.find(f'{NS}SpatioTemporalDecomposition/{NS}VideoText/{NS}Text')
  out['segments'].append({
    'id': seg.get('id'),
    'start': point(seg.find(f'{NS}MediaTime/{NS}MediaRelTimePoint').text),
    'duration': dur(seg.find(f'{NS}MediaTime/{NS}MediaDuration').text),
    'title': seg.find(f'{NS}TextAnnotation/{NS}FreeTextAnnotation').text,
    'text': text.text if text is not None else None,
  })
print(json.dumps(out))
`;

export async function readSegments(xml: string): Promise<{
  duration: number;
  segments: { id: string; start: number; duration: number; title: string; text: string | null }[];
}> {
  const run = promisify(execFile);
  const child = run('/usr/bin/python3', ['-c', READ]);
  child.child.stdin!.end(xml);
  return JSON.parse((await child).stdout);
}
