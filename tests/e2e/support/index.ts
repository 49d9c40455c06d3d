export { PROJECT_ROOT } from './paths';
export { apiRequest } from './api-request';
export { startServer, type RunningServer, type StartServerOptions } from './server';
export { startServerAndBrowser } from './server-and-browser';
export { launchBrowser, newPage, chromiumPath, CHROMIUM_FLAGS, DESKTOP, MOBILE } from './browser';
export { axeViolations, type AxeScope, type AxeViolation } from './axe';
export { startSmtpCatcher, type CaughtMail, type SmtpCatcher } from './smtp';
export { openDatabase, withDatabase } from './database';
export { watchToastOpacity, toastOpacities, type ToastOpacity } from './toast-opacity';
