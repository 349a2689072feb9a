import { describeAreaRoutes } from '@leadsmith/shared/testing';
import { routes } from '../routes';
import { NAMESPACE, translations } from '../locales';

describeAreaRoutes('mfe-ai', routes, NAMESPACE, translations);
