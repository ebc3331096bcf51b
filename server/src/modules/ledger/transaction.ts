/** The transaction helper moved to the database code (db/transaction.ts); kept as the import path of the other modules. */
export * from '../../db/transaction';
