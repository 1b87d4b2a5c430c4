import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
// What Ant Design and the pages ask of the browser and jsdom lacks: matchMedia, ResizeObserver.
import './browser';

// Pages are lazy chunks; under a parallel run the first import can take over a second.
configure({ asyncUtilTimeout: 5000 });

// What the server writes into index.html; app/config.ts reads it when first imported.
const meta = document.createElement('meta');
meta.name = 'app-config';
meta.content = JSON.stringify({ brandName: 'Maison Fortuna', appUrl: 'http://localhost:3000' });
document.head.append(meta);

// jsdom does not implement scrolling; the page only asks for it.
window.scrollTo = () => undefined;

// Ant Design's own styles are not in the tests' document (testing/render.tsx): what they hide,
// closed drawers and dialogs, inactive tab panes, closed menus and pop-ups, is hidden here, so
// the queries' visibility checks read them as a browser would.
const hidden = document.createElement('style');
hidden.textContent = `[hidden],
  .ant-drawer-content-wrapper-hidden, .ant-modal-hidden, .ant-tabs-tabpane-hidden,
  .ant-select-dropdown-hidden, .ant-picker-dropdown-hidden, .ant-cascader-dropdown-hidden,
  .ant-dropdown-hidden, .ant-dropdown-menu-hidden, .ant-dropdown-menu-submenu-hidden,
  .ant-menu-hidden, .ant-menu-submenu-hidden, .ant-popover-hidden, .ant-tooltip-hidden,
  .ant-popconfirm-hidden, .ant-collapse-content-hidden, .ant-form-item-hidden, .ant-tour-hidden,
  .ant-upload-hidden, .ant-mentions-dropdown-hidden, .ant-tag-hidden { display: none; }`;
document.head.append(hidden);
