// Public entry point of the FRM parsers: typed records for what the platform stores, read leniently from
// FRM's JSON (see frm-common.ts for the rules). The HTTP client imports from here.
export { FrmParseError, parseDuration, type Parsed } from './frm-common';
export { parsePower, type PowerCircuitRecord } from './frm-power';
export {
  parseModList,
  parsePlayers,
  parseProduction,
  parseSessionInfo,
  type ModRecord,
  type PlayerRecord,
  type ProductionRecord,
  type SessionInfoRecord,
} from './frm-world';
export { parseDrones, parseTrains, type DroneRecord, type TrainRecord } from './frm-travel';
export { parseDroneStations, type DroneStationRecord } from './frm-drone-stations';
export {
  parseExtractors,
  parseInventory,
  parseResourceSink,
  parseStorage,
  purityOf,
  type ExtractorRecord,
  type InventoryItemRecord,
  type ResourceSinkRecord,
  type StorageRecord,
} from './frm-buildings';
export { parseFactory, parseFactoryBySchema, type FactoryBuildingRecord } from './frm-factory';
export { parseGenerators, parseGeneratorsBySchema, type GeneratorRecord } from './frm-generators';
