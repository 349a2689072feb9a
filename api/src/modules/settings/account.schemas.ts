/** Every Settings list is paginated on the server with the one page query and envelope (http/contract.ts). */
export {
  IdParams as idParamsSchema,
  PageQueryProperties as pageQuerySchema,
  type PageOf as Paginated,
  type PageQueryOf as PageQuery,
} from '../../http/contract';
