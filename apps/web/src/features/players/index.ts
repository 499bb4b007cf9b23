/** The player-history feature (issue 24): its pages and the chart's "who was online". */
export { PlayerHistory } from './PlayerHistory';
export { PlayerPage } from './PlayerPage';
export { OnlineAt } from './OnlineAt';
