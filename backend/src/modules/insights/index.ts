/**
 * What other modules may use of insights: PageViewsService, which the analytics module hands each
 * page_view to (with the client, for the day's visitor key only). Its tables, SQL and the funnel
 * it composes from the other modules' parts are its own.
 */
export { InsightsModule } from './insights.module';
export { PageViewsService } from './page-views.service';
