// The server project's jest globalTeardown: drops the run's template database.
import { dropTemplate } from './template';

export default dropTemplate;
