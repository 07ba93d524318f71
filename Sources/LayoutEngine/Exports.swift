// `import LayoutEngine` gives the whole public API: geometry, text measurement, table and grid engines,
// and the spec model and `compute` of this module.
@_exported import LayoutGeometry
@_exported import TextLayout
@_exported import TableLayout
@_exported import FlowLayout
@_exported import CellLayout
