// The server project's jest globalSetup: the run's template database (testing/template.ts).
import { createTemplate } from './template';

export default createTemplate;
