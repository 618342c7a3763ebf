/**
 * The API route plugins served under each locale prefix (/fr, /en, /it). A new route file is
 * added to this list, and only here: app.ts registers the list once per locale.
 */
import type { FastifyPluginAsync } from 'fastify';
import apiDocRoutes from './api-docs.ts';
import catalogRoutes from './catalog.ts';
import contactRoutes from './contacts.ts';
import dashboardRoutes from './dashboard.ts';
import datasetRoutes from './datasets.ts';
import datastoreRoutes from './datastores.ts';
import indexerRoutes from './indexers.ts';
import jurisdictionRoutes from './jurisdictions.ts';
import licenceRoutes from './licences.ts';
import loginPages from './login-pages.ts';
import loginRoutes from './login.ts';
import loginTokenRoutes from './login-tokens.ts';
import organisationRoutes from './organisation.ts';
import resourceRoutes from './resource.ts';
import qualityRoutes from './quality.ts';
import scenarioRoutes from './scenarios.ts';
import usergroupRoutes from './usergroup.ts';
import resourceEntityRoutes from './resources.ts';
import resourceSourceRoutes from './resource-sources.ts';
import resourceInspectRoutes from './resource-inspect.ts';
import resourceFileRoutes from './resource-file.ts';
import geospatialRoutes from './geospatial.ts';

export const LOCALE_ROUTES: readonly FastifyPluginAsync[] = [
  loginRoutes,
  loginPages,
  loginTokenRoutes,
  usergroupRoutes,
  resourceRoutes,
  datastoreRoutes,
  dashboardRoutes,
  jurisdictionRoutes,
  contactRoutes,
  organisationRoutes,
  licenceRoutes,
  datasetRoutes,
  catalogRoutes,
  qualityRoutes,
  scenarioRoutes,
  resourceEntityRoutes,
  resourceSourceRoutes,
  resourceInspectRoutes,
  resourceFileRoutes,
  geospatialRoutes,
  indexerRoutes,
  apiDocRoutes,
];
