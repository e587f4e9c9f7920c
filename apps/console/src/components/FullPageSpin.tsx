import { Spin } from 'antd';

/** Shown while a page's code or the restored login is loading. */
export function FullPageSpin() {
  return (
    <div className="rc-center" role="status" aria-busy="true">
      <Spin size="large" />
    </div>
  );
}
