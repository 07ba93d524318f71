import TableLayout

// TableLayout's model types share names with this module's spec types (`SectionSpec`, `RowSpec`,
// `TableStyle`, …), and the module shares its name with its main type, so `TableLayout.SectionSpec`
// does not resolve. These aliases name the engine's types through module selectors, in one place.

/// The table engine, instantiated with this module's row payload.
typealias EngineTable = TableLayout::TableLayout<RowPayload>
typealias EngineSection = TableLayout::SectionSpec<RowPayload>
typealias EngineRow = TableLayout::RowSpec<RowPayload>
typealias EngineRowRun = TableLayout::RowRun<RowPayload>
typealias EngineHeaderFooter = TableLayout::HeaderFooter<RowPayload>
typealias EngineBatch = TableLayout::TableBatch<RowPayload>
typealias EngineTableStyle = TableLayout::TableStyle
typealias EngineCellStyle = TableLayout::CellStyle
typealias EngineSeparatorStyle = TableLayout::SeparatorStyle
typealias EngineError = TableLayout::TableError
