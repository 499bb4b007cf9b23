/** What every alerts tab gets: whether the caller may change things (Operator and Admin; Viewers only read). */
export interface TabProps {
  writer: boolean;
}
