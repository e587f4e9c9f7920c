/** The workbench's Health panel: its element id, and the address the health badge opens. */
export const HEALTH_PANEL_ID = 'health';
export const HEALTH_PANEL_HREF = `/console/operation/opemain#${HEALTH_PANEL_ID}`;
/** The workbench's row in app/console-pages.tsx needs one of these: without them the badge opens nothing. */
export const WORKBENCH_FUNCTIONS = ['operating', 'record'] as const;
