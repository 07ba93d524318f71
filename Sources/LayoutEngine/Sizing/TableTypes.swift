import TableLayout

// The table engine and its model types, instantiated with this module's row payload.

typealias EngineTable = TableViewLayout<RowPayload>
typealias EngineSection = TableSection<RowPayload>
typealias EngineRow = TableRow<RowPayload>
typealias EngineRowRun = TableRowRun<RowPayload>
typealias EngineHeaderFooter = HeaderFooter<RowPayload>
typealias EngineBatch = TableBatch<RowPayload>
typealias EngineError = TableError
