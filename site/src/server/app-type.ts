// The API's type for the typed client (hc<AppType>): a type only, erased from every bundle, so islands may import it.
export type { AppType } from '../../../worker/src/app';
