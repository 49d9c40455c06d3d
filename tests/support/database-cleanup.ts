/** Vitest setup file of the server projects: each test file's databases go when it ends. */
import { afterAll } from 'vitest';
import { removeTestDatabases } from './database';

afterAll(removeTestDatabases);
