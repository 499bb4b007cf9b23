/** The player-history feature (issue 24): its pages, the server page's link and the chart's "who was online". */
export { PlayerHistory } from './PlayerHistory';
export { PlayerHistoryLink } from './PlayerHistoryLink';
export { PlayerPage } from './PlayerPage';
export { OnlineAt } from './OnlineAt';
