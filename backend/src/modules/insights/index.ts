/**
 * What other modules may use of insights: PageViewsService, which the analytics module hands each
 * page_view to (with the client, for the day's visitor key only), and InsightsService (rebuilding
 * the funnel now: the tests and the benchmark). Its tables, SQL and the funnel it composes from
 * the other modules' parts are its own.
 */
export { InsightsModule } from './insights.module';
export { InsightsService } from './insights.service';
export { PageViewsService } from './page-views.service';
