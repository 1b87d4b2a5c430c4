/** The owners' Data Requests tab, for the admin dashboard's lazy import (kept out of other bundles). */
export { default } from './components/data-requests-tab';
