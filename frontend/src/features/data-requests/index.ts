/**
 * Your data: the member's "Your Data" section, the public /your-data pages of the emailed link and
 * the export's download, and (loaded on the admin route only) the owners' Data Requests tab.
 */
export { YourDataSection } from './components/your-data-section';
export { YourDataPage } from './components/your-data-page';
export { YourDataLinkPage } from './components/your-data-link-page';
export { YourDataDownloadPage } from './components/your-data-download-page';
