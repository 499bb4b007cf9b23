/** The panels of issue 20's kinds: generators, extractors, drone ports, the inventory search and the sink. */
import './panels.css';

export { DroneStationsPanel } from './DroneStationsPanel';
export { ExtractorsPanel } from './ExtractorsPanel';
export { GeneratorsPanel } from './GeneratorsPanel';
export { InventorySearch } from './InventorySearch';
export { ResourceSinkPanel } from './ResourceSinkPanel';
export { seedPanels } from './seed';
