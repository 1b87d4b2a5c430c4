/** The admin dashboard's Insights tab, loaded on demand (a module of its own for React.lazy). */
export { default } from './components/insights-tab';
