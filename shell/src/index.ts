// The async boundary Module Federation needs before shared singletons are used (RUNTIME-006).
void import('./bootstrap');
