/** The one pg-core schema of the shop (docs/architecture.md Data): every entity of coverage.md §3. */
export * from './catalogue';
export * from './members';
export * from './orders';
export * from './content';
export * from './staff';
export * from './catalogue-writes';
export * from './push';
