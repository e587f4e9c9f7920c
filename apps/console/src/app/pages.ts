import { lazy } from 'react';

// Route-level code splitting: each page is its own chunk, loaded when first visited.
export const LoginPage = lazy(() => import('../features/login/LoginPage'));
export const ViewerHomePage = lazy(() => import('../features/viewer/ViewerHomePage'));
export const OperationLogPage = lazy(() => import('../features/system/OperationLogPage'));
export const RebootPage = lazy(() => import('../features/system/RebootPage'));
export const UserPage = lazy(() => import('../features/users/UserPage'));
export const GroupPage = lazy(() => import('../features/groups/GroupPage'));
export const WorkbenchPage = lazy(() => import('../features/workbench/WorkbenchPage'));
export const NotAvailable = lazy(() => import('../components/NotAvailable'));
