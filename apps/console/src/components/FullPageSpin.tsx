/** Shown while a page's code or the restored login is loading. Plain CSS (global.css): it is shown before antd loads. */
export function FullPageSpin() {
  return (
    <div className="rc-center" role="status" aria-busy="true">
      <span className="rc-spin" aria-hidden>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
