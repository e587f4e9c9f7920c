import { useEffect, useState } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchPreview } from '../../api/monitor';

/** The preview is asked for this often while it is on screen (the service makes at most one a second). */
const REFRESH_MS = 1000;

/** True while the element is in the viewport and the page is visible. */
function useOnScreen(element: HTMLElement | null): boolean {
  const [inView, setInView] = useState(true);
  const [pageVisible, setPageVisible] = useState(() => typeof document === 'undefined' || document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setPageVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return inView && pageVisible;
}

/** The composed picture as the service encodes it, about one frame a second while visible (spec: confidence monitor). */
export function PicturePreview({ running }: { running: boolean }) {
  const { t } = useTranslation('system', { keyPrefix: 'monitor' });
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const onScreen = useOnScreen(frame);
  const [url, setUrl] = useState<string>();

  useEffect(() => {
    if (!onScreen || !running) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const next = async () => {
      const blob = await fetchPreview(controller.signal);
      if (stopped) return;
      // A missing picture (the encoder restarting) keeps the last one on screen.
      if (blob) setUrl(URL.createObjectURL(blob));
      timer = setTimeout(() => void next(), REFRESH_MS);
    };
    void next();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [onScreen, running]);

  // Each picture's object URL is released once the next one replaces it.
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  useEffect(() => {
    if (!running) setUrl(undefined);
  }, [running]);

  const shown = running && url;
  return (
    <div ref={setFrame} className="rc-preview" data-testid="picture-preview">
      {shown ? (
        <img src={url} alt={t('picture.alt')} className="rc-preview-img" data-testid="preview-img" />
      ) : (
        <Typography.Text type="secondary" className="rc-preview-none">
          {running ? t('picture.loading') : t('picture.none')}
        </Typography.Text>
      )}
    </div>
  );
}
