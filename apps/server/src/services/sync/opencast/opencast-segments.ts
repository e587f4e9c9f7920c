/**
 * A recording's chapters as the MPEG-7 segments catalog Opencast's players and search read (flavor `mpeg-7/segments`,
 * what Opencast's own `segment-video` makes): one `VideoSegment` per chapter, from its start to the next one's, with
 * its title as a free-text annotation and the slide's text as video text. Written as Opencast's MPEG-7 parser reads it
 * (`org.opencastproject.metadata.mpeg7.Mpeg7Parser`): an unprefixed `Mpeg7` root, time points `Thh:mm:ss:nF1000`
 * relative to the content's, durations `PThhHmmMssSnN1000F`.
 */

/** The flavor Opencast gives a video's segments. */
export const SEGMENTS_FLAVOR = 'mpeg-7/segments';

export interface SegmentChapter {
  startMs: number;
  title: string;
  /** The slide's text (OCR), or "" for a mark or a slide without text. */
  text: string;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const whole = (ms: number) => Math.max(0, Math.round(ms));

/** `T00:01:05:250F1000`: a time point of the content in milliseconds. */
export function mpeg7TimePoint(ms: number): string {
  const t = whole(ms);
  return `T${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}:${t % 1000}F1000`;
}

/** `PT00H01M05S250N1000F`: a duration in milliseconds. */
export function mpeg7Duration(ms: number): string {
  const t = whole(ms);
  return `PT${pad(Math.floor(t / 3_600_000))}H${pad(Math.floor(t / 60_000) % 60)}M${pad(Math.floor(t / 1000) % 60)}S${t % 1000}N1000F`;
}

/** The characters XML 1.0 cannot carry (OCR may read them). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it removes.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text as XML character data: markup escaped, the characters XML cannot carry dropped. */
const xmlText = (t: string) => t.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const mediaTime = (startMs: number, durationMs: number, indent: string) => [
  `${indent}<MediaTime>`,
  `${indent}  <MediaRelTimePoint>${mpeg7TimePoint(startMs)}</MediaRelTimePoint>`,
  `${indent}  <MediaDuration>${mpeg7Duration(durationMs)}</MediaDuration>`,
  `${indent}</MediaTime>`,
];

/** The MPEG-7 segments catalog of `chapters` (in order) over a recording of `durationMs`. */
export function segmentsCatalog(chapters: readonly SegmentChapter[], durationMs: number): string {
  const segments = chapters.flatMap((c, i) => {
    const start = Math.min(whole(c.startMs), whole(durationMs));
    // Each segment ends where the next begins (the last at the end); two chapters at one moment keep a millisecond.
    const end = Math.max(start + 1, Math.min(whole(chapters[i + 1]?.startMs ?? durationMs), whole(durationMs)));
    const text = c.text.trim();
    return [
      `        <VideoSegment id="segment-${i}">`,
      ...mediaTime(start, end - start, '          '),
      '          <TextAnnotation>',
      `            <FreeTextAnnotation>${xmlText(c.title)}</FreeTextAnnotation>`,
      '          </TextAnnotation>',
      ...(text
        ? [
            '          <SpatioTemporalDecomposition gap="true" overlap="false">',
            `            <VideoText id="text-${i}">`,
            `              <Text>${xmlText(text)}</Text>`,
            '              <SpatioTemporalLocator>',
            ...mediaTime(start, end - start, '                '),
            '              </SpatioTemporalLocator>',
            '            </VideoText>',
            '          </SpatioTemporalDecomposition>',
          ]
        : []),
      '        </VideoSegment>',
    ];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Mpeg7 xmlns="urn:mpeg:mpeg7:schema:2001" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    '  <Description xsi:type="ContentEntityType">',
    '    <MultimediaContent xsi:type="VideoType">',
    '      <Video id="videocontent">',
    ...mediaTime(0, durationMs, '        '),
    '        <TemporalDecomposition criteria="temporal" gap="false" overlap="false">',
    ...segments,
    '        </TemporalDecomposition>',
    '      </Video>',
    '    </MultimediaContent>',
    '  </Description>',
    '</Mpeg7>',
    '',
  ].join('\n');
}
