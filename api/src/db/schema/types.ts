export interface Migration {
  /** Never rename or edit one that has shipped; add a new one. Ids are prefixed by area. */
  id: string;
  sql: string;
}
