import CellLayout
import LayoutGeometry
import TableLayout
import TextLayout

/// The cell layout a chunk of rows prepares its composed cells with, made when the first of them
/// needs it: taking the engine locks the layouter's fonts and retains the one engine, which each
/// row did, from both cores at once. A table without composed cells never takes it (its fonts
/// load only if a text needs them). An engine that cannot be made is left to each row to report,
/// with its path. One core's: made and read by the thread answering the chunk.
final class ChunkCellLayout: @unchecked Sendable {
    private let environment: SizingEnvironment
    private var made: CellLayout?
    private var tried = false

    init(_ environment: SizingEnvironment) { self.environment = environment }

    /// The layout, or nil when the engine cannot be made.
    var layout: CellLayout? {
        if !tried {
            tried = true
            if let engine = try? environment.engine() { made = environment.cellLayout(engine) }
        }
        return made
    }
}

/// The `TableSizer` that measures spec content with the text engine: system cell styles through
/// `CellStyleGeometry`, custom text blocks inside their insets, header and footer titles, and
/// nested tables (laid out at the row's content width; their content height is the row's).
///
/// Answers content heights only: the table rounds them up to 1/scale and adds the separator.
/// Pure and thread-safe (the engine and the nested-result cache are), so `measureAll` may call
/// it from several threads.
struct SpecSizer: TableSizer, ChunkAnsweringSizer {
    typealias Content = RowPayload

    let environment: SizingEnvironment
    /// The cell layout a chunk of requests prepares composed cells with (`answer`), made when
    /// the first of them needs it; nil: taken from the environment for each cell.
    var chunk: ChunkCellLayout? = nil

    /// Whether `content` is this sizer's (`RowPayload`): only then are chunks of requests given to it.
    func answersChunks<C: TableContent>(of content: C.Type) -> Bool { C.self == RowPayload.self }

    /// A chunk of a bulk measurement's requests, each made and answered here (specialised for
    /// `RowPayload`: see `ChunkAnsweringSizer`).
    func answer<C: TableContent>(_ requests: PendingView<C>, _ range: Range<Int>, into out: UnsafeMutablePointer<Double>) -> (Int, String)? {
        // (Only called when `answersChunks(of:)` said yes; any other content fails its first request.)
        guard C.self == RowPayload.self else { return range.first.map { ($0, "not this sizer's content") } }
        let view = unsafeBitCast(requests, to: PendingView<RowPayload>.self)
        let pending = view.pending
        var sizer = self
        sizer.chunk = ChunkCellLayout(environment)
        for k in range {
            // (As `PendingRequests.request` makes it, which is generic code in TableLayout, unspecialised here.)
            let place = view.places[k]
            let content = view.leaves[Int(place.leaf)].withUnsafeBufferPointer { $0[Int(place.index)] }
            let element = pending.elements[k].element
            let width = pending.contentWidth(of: element, chrome: content.chrome)
            let request = SizingRequest(content: content, element: element, contentWidth: width, layoutMargins: pending.context.layoutMargins,
                                        tableWidth: pending.tableWidth, scale: pending.scale, isEditing: pending.isEditing, style: pending.style)
            do { out[k] = try sizer.height(for: request) } catch { return (k, String(describing: error)) }
        }
        return nil
    }

    func height(for request: SizingRequest<RowPayload>) throws -> Double {
        switch request.content {
        case .none:
            // A self-sizing row with nothing in it: UIKit falls back to the default row height.
            return request.element.isRow
                ? environment.tableMetrics.defaultRowHeight - environment.tableMetrics.separatorHeight(scale: request.scale)
                : 0
        case .title(let title):
            let margins = request.layoutMargins
            let width = request.contentWidth - margins.left - margins.right
            return try textSize(title.title, nil, title.style, width: width).height + title.padding.top + title.padding.bottom
        case .row(let content):
            // (A composed cell, the common case of a long feed, without copying `measure`.)
            if let cell = content.layoutCell { return try layoutHeight(cell, content, request) }
            switch content.measure {
            case .nothing:
                return environment.tableMetrics.defaultRowHeight
                    - environment.tableMetrics.separatorHeight(scale: request.scale)
            case .cell(let labels): return try cellHeight(labels, request, path: content.path)
            case .textBlock(let block): return try textBlockHeight(block, request, path: content.path)
            case .table(let nested): return try nestedTable(nested, content: content, rowContentWidth: request.contentWidth).contentSize.height
                + nested.insets.top + nested.insets.bottom
            case .grid(let nested):
                let result = try nestedGrid(nested, content: content, rowContentWidth: request.contentWidth)
                return Self.rowHeight(of: result, grid: nested.spec) + nested.insets.top + nested.insets.bottom
            case .layout(let cell): return try layoutHeight(cell, content, request)
            }
        }
    }

    /// A composed cell's row height: its arrangement's height inside the cell's insets — or the
    /// height measured while its row was resolved, at this width in this call (`premeasure`).
    private func layoutHeight(_ cell: RowContent.NestedCell, _ content: RowContent.Resolved,
                              _ request: SizingRequest<RowPayload>) throws -> Double {
        if let known = content.premeasured(call: environment.call, width: request.contentWidth) { return known }
        return try cellRowHeight(cell, content, width: request.contentWidth)
    }

    /// A composed cell's row height at row content width `width`: its arrangement's height inside
    /// the cell's insets.
    func cellRowHeight(_ cell: RowContent.NestedCell, _ content: RowContent.Resolved, width: Double) throws(ComputeError) -> Double {
        try arrangement(cell, content: content, rowContentWidth: width, frames: environment.wantsCellFrames).size.height
            + cell.insets.top + cell.insets.bottom
    }

    /// A system cell: labels at the widths `CellStyleGeometry` gives them.
    func cellHeight(_ c: RowContent.CellLabels, _ r: SizingRequest<RowPayload>, path: String = "") throws -> Double {
        let g = CellStyleGeometry(style: c.style, contentWidth: r.contentWidth, margins: r.layoutMargins,
                                  imageWidth: c.image?.width ?? 0, scale: r.scale, metrics: environment.tableMetrics)
        if c.text != nil, g.textWidth <= 0 {
            throw Self.noRoom(g.textWidth, "the cell's text label")
        }
        let text = try c.text.map { try textSize($0, c.attributedText, c.textStyle, width: g.textWidth, path: path.isEmpty ? "" : path + ".text") } ?? .zero
        var detailHeight = 0.0
        if let detail = c.detail, c.style != .default {
            let width = c.style == .value1 ? g.detailWidth(afterTextWidth: text.width) : (g.detailWidth ?? 0)
            detailHeight = try textSize(detail, c.attributedDetail, c.detailStyle, width: width, path: path.isEmpty ? "" : path + ".detail").height
        }
        return g.height(textHeight: text.height, detailHeight: detailHeight, imageHeight: c.image?.height ?? 0)
    }

    /// A custom cell: the text (beside an optional leading image) inside the insets.
    func textBlockHeight(_ b: RowContent.TextBlock, _ r: SizingRequest<RowPayload>, path: String = "") throws -> Double {
        let insets = b.insets ?? r.layoutMargins
        var width = r.contentWidth - insets.left - insets.right
        if let image = b.image { width -= image.width + environment.tableMetrics.imageTextGap }
        if let t = b.text, !t.isEmpty, width <= 0 { throw Self.noRoom(width, "the text block (after its insets)") }
        let text = try b.text.map { try textSize($0, b.attributedText, b.style, width: width, path: path.isEmpty ? "" : path + ".text").height } ?? 0
        return Swift.max(text, b.image?.height ?? 0) + insets.top + insets.bottom
    }

    /// A row whose text has no room (content width ≤ 0): measuring it anyway would answer a
    /// one-line row — a narrower table with shorter rows — so it is an error, with the width.
    static func noRoom(_ width: Double, _ what: String) -> ComputeError {
        .measurement(path: "text", message: "no room for \(what): its width is \(JSONTextWidth.format(width)) pt"
                     + " (the table is narrower than its insets, margins, accessory and index)")
    }

    /// A composed cell's frames at the row's content width (less the row's insets), in the
    /// tree's coordinates; the same tree at the same width is laid out once per compute call.
    /// Without `frames`, the arrangement may have none (only its size, overflows and missing
    /// characters: what a row's height needs); a later call that wants them lays the cell out again.
    func arrangement(_ cell: RowContent.NestedCell, content: RowContent.Resolved, rowContentWidth: Double,
                     frames: Bool = true) throws(ComputeError) -> CellArrangement {
        let width = Swift.max(0, rowContentWidth - cell.insets.left - cell.insets.right)
        if rowContentWidth - cell.insets.left - cell.insets.right <= 0 {
            throw .measurement(path: content.path + ".layout", message: "no room for the layout: the row's content width is "
                               + "\(JSONTextWidth.format(rowContentWidth - cell.insets.left - cell.insets.right)) pt")
        }
        // Kept for a second call with the same content: the result's frames after a row's height,
        // or another row of the same payload (a row measured once, for its height only, is not).
        let keeps = frames || content.isShared
        let key = CellArrangementCache.Key(content: ObjectIdentifier(content), width: width)
        if keeps, let cached = environment.cellArrangements.arrangement(for: key), cached.framed || !frames { return cached.arrangement }
        // Prepared once per decoded layout and kept by the layouter: a new width only lays it out.
        // (The payload brings its prepared cell along when the layouter kept both, and it is laid
        // out through the reference the payload holds: see `PreparedCell.arrange(unretained:width:frames:)`.)
        let kept = cell.nested.isEmpty ? cell.keptReference : nil
        let known = cell.nested.isEmpty && kept == nil
            ? environment.preparedCells.cell(cell.cacheKey, styles: cell.textStyles, settings: environment.cellSettings) : nil
        // (The engine only to prepare: taking it for every row took the layouter's lock and
        // retained the one engine from both cores.)
        var engine: TextEngine? = nil
        // (The chunk's layout, when there is one and its engine could be made.)
        let chunkLayout = known == nil && kept == nil && cell.nested.isEmpty ? chunk?.layout : nil
        if known == nil && kept == nil && chunkLayout == nil {  // (also with tables or grids inside: never kept)
            do throws(TextLayoutError) { engine = try environment.engine() } catch {
                throw .measurement(path: content.path + ".layout", message: error.description)
            }
        }
        let result: CellArrangement
        do throws(CellLayoutError) {
            if !cell.nested.isEmpty {
                // Tables and grids inside: laid out by this computation's engines at the widths
                // their elements get (never kept across calls: their results belong to this one).
                let layout = cellLayout(engine, nested: cell.nested, owner: content, path: content.path + ".layout")
                result = try layout.arrange(cell.root, width: width, textStyles: cell.textStyles)
                warnOfZeroWidthNested(result.frames, path: content.path + ".layout")
            } else if let kept {
                result = try PreparedCell.arrange(unretained: kept, width: width, frames: frames)
            } else {
                let prepared: PreparedCell
                var first: CellArrangement? = nil
                if let known {
                    prepared = known
                } else {
                    // (The decoded tree read in place, at its address: `cell.root` handed out a
                    // copy, a retain of each part.)
                    // Prepared and laid out at once: the cell keeps what that layout found at
                    // unbounded widths (its intrinsic sizes) for every later width.
                    (prepared, first) = try (chunkLayout ?? environment.cellLayout(engine)).prepare(rootAt: cell.layout.rootAddress, textStyles: cell.textStyles,
                                                                                   arrangingAt: width, frames: frames,
                                                                                   structure: cell.layout.structureReference,
                                                                                   texts: cell.layout.structureTexts)
                }
                if cell.prepared == nil {
                    // Kept in the payload, and the payload with the cell: a later call resolving this
                    // row takes both from the layouter (no payload built, no cell looked up).
                    cell.keep(prepared)
                    environment.preparedCells.store(prepared, units: prepared.textUnits, key: cell.cacheKey, styles: cell.textStyles,
                                                    settings: environment.cellSettings, content: content)
                }
                if let first {
                    result = first
                } else {
                    result = frames ? try prepared.arrange(width: width) : try prepared.arrangeWithoutFrames(width: width)
                }
            }
        } catch {
            throw .measurement(path: content.path + ".layout", message: error.description)
        }
        // Sizes near the largest double overflow when added up: refused, never written as null.
        let limit = 1e12
        guard result.size.width.isFinite, result.size.height.isFinite, result.size.height <= limit,
              result.frames.allSatisfy({ f in
                  let r = f.rect
                  return abs(r.origin.x) <= limit && abs(r.origin.y) <= limit && abs(r.size.width) <= limit && abs(r.size.height) <= limit
              }) else {
            throw .measurement(path: content.path + ".layout",
                               message: "the layout's geometry is not finite or exceeds 1e12 points (sizes too large)")
        }
        if keeps { environment.cellArrangements.store(result, framed: frames, for: key, owner: content) }
        // (A second layout of the same content, for its frames, repeats these: the environment
        // keeps each distinct warning once.)
        for stack in result.overflows {
            let element = stack.isEmpty ? "the root" : "element " + stack.map(String.init).joined(separator: ".")
            environment.warn("\(content.path).layout: \(element) at width \(JSONTextWidth.format(width)): its children's minimum sizes do not fit; they overflow the stack, as in flexbox")
        }
        for text in result.missingCharacters {
            let element = text.path.isEmpty ? "the root" : "element " + text.path.map(String.init).joined(separator: ".")
            for w in TextLayoutResult.missingCharacterWarnings(text.characters) {
                environment.warn("\(content.path).layout: \(element)\(text.id.map { " (\"\($0)\")" } ?? ""): \(w)")
            }
        }
        return result
    }

    /// The nested table's layout at the row's content width (less the row's insets), cached;
    /// `drawing`: with its cells drawn, for a report (computed afresh, as a drawn row is).
    func nestedTable(_ nested: RowContent.NestedTable, content: RowContent.Resolved, rowContentWidth: Double,
                     drawing: Bool = false) throws(ComputeError) -> ComputeResult {
        try nestedResult(content, width: rowContentWidth - nested.insets.left - nested.insets.right, drawing: drawing) { width throws(ComputeError) in
            var spec = nested.spec
            spec.width = nested.spec.width ?? width
            spec.scale = nested.spec.scale ?? nested.scale
            if spec.inheritsRowHeight { spec.rowHeight = nested.rowHeight }
            return try TableComputation(spec: spec, scope: nested.scope, environment: environment,
                                        path: content.path + ".table.", options: Self.nestedOptions(drawing: drawing)).run()
        }
    }

    /// The nested grid's layout at the row's content width (less the row's insets), cached
    /// (`drawing`: as `nestedTable`'s).
    func nestedGrid(_ nested: RowContent.NestedGrid, content: RowContent.Resolved, rowContentWidth: Double,
                    drawing: Bool = false) throws(ComputeError) -> ComputeResult {
        try nestedResult(content, width: rowContentWidth - nested.insets.left - nested.insets.right, drawing: drawing) { width throws(ComputeError) in
            var spec = nested.spec
            spec.width = nested.spec.width ?? width
            spec.scale = nested.spec.scale ?? nested.scale
            return try GridComputation(spec: spec, scope: nested.scope, environment: environment,
                                       path: content.path + ".grid.", options: Self.nestedOptions(drawing: drawing)).run()
        }
    }

    /// A layout measuring texts with `engine` and the tables and grids inside the tree (`nested`,
    /// by `custom` key) with this computation's engines, their layouts filed under `owner` (the
    /// row's or item's resolved content); `path`: the layout's JSON path (`sections[0].rows[3].layout`).
    func cellLayout(_ engine: TextEngine?, nested: [RowContent.NestedInLayout], owner: any CacheOwner, path: String) -> CellLayout {
        let sizer = self
        return CellLayout(textEngine: engine, customMeasure: { key, width in
            try sizer.nestedInLayoutSize(nested, key: key, owner: owner, path: path, width: width)
        }, baselines: environment.cellSettings.baselines, layoutDirection: environment.cellSettings.direction)
    }

    /// The size of table or grid `key` of `nested` (a composed cell's `custom` element) when it is
    /// `width` wide; nil: as wide as it likes, which is its spec's own `width` — without one it has
    /// no width of its own (as a `UITableView` has no intrinsic content size): 0 wide, as tall as it
    /// is at 0 (0 where it cannot be laid out that narrow — its texts need room: an element left
    /// that narrow is laid out at 0 again for its frame, and fails there with the reason).
    func nestedInLayoutSize(_ nested: [RowContent.NestedInLayout], key: Int, owner: any CacheOwner, path: String,
                            width: Double?) throws(ComputeError) -> Size {
        guard nested.indices.contains(key) else { return .zero }
        let item = nested[key]
        guard let width = item.ownWidth ?? width else {
            do throws(ComputeError) {
                return try nestedInLayoutSize(nested, key: key, owner: owner, path: path, width: 0)
            } catch { return .zero }
        }
        let result = try nestedInLayoutResult(item, key: key, owner: owner, path: path, width: width)
        switch item {
        case .table: return Size(width: Swift.max(0, width), height: result.contentSize.height)
        case .grid(let g, _): return Size(width: Swift.max(0, width), height: Self.rowHeight(of: result, grid: g.spec))
        }
    }

    /// The layout of `item` (the table or grid `key` inside a composed cell) at `width` (its spec's
    /// own width wins), in its own coordinates: cached per owner, element and width (`drawing`: with
    /// its cells drawn, for a report — computed afresh).
    func nestedInLayoutResult(_ item: RowContent.NestedInLayout, key: Int, owner: any CacheOwner, path: String,
                              width: Double, drawing: Bool = false) throws(ComputeError) -> ComputeResult {
        let width = Swift.max(0, item.ownWidth ?? width)
        if !drawing, let cached = environment.nestedResults.result(for: owner, width: width, element: key) { return cached }
        let result: ComputeResult
        switch item {
        case .table(let nested, let place):
            var spec = nested.spec
            spec.width = width
            spec.scale = nested.spec.scale ?? nested.scale
            if spec.inheritsRowHeight { spec.rowHeight = nested.rowHeight }
            result = try TableComputation(spec: spec, scope: nested.scope, environment: environment,
                                          path: path + "." + place + ".", options: Self.nestedOptions(drawing: drawing)).run()
        case .grid(let nested, let place):
            var spec = nested.spec
            spec.width = width
            spec.scale = nested.spec.scale ?? nested.scale
            result = try GridComputation(spec: spec, scope: nested.scope, environment: environment,
                                         path: path + "." + place + ".", options: Self.nestedOptions(drawing: drawing)).run()
        }
        if !drawing { environment.nestedResults.store(result, for: owner, width: width, element: key) }
        return result
    }

    /// The tables and grids inside a composed cell or item whose `frames` give their content
    /// boxes: each laid out at its box's width and placed there, by the index of its frame.
    func framesNested(_ nested: [RowContent.NestedInLayout], frames: [CellFrame], owner: any CacheOwner,
                      path: String, drawing: Bool = false) throws(ComputeError) -> [Int: ComputeResult] {
        var out: [Int: ComputeResult] = [:]
        for (i, frame) in frames.enumerated() {
            guard let custom = frame.custom, nested.indices.contains(custom.key) else { continue }
            var result = try nestedInLayoutResult(nested[custom.key], key: custom.key, owner: owner, path: path,
                                                  width: custom.content.width, drawing: drawing)
            result.offset(by: custom.content.origin)
            out[i] = result
        }
        return out
    }

    /// Warns of each table or grid inside a composed cell that was left 0 wide.
    func warnOfZeroWidthNested(_ frames: [CellFrame], path: String) {
        for frame in frames where frame.custom.map({ $0.content.width <= 0 }) == true {
            let element = frame.path.isEmpty ? "the root" : "element " + frame.path.map(String.init).joined(separator: ".")
            environment.warn("\(path): \(element)\(frame.id.map { " (\"\($0)\")" } ?? ""): the table or grid is 0 wide "
                             + "(it has no width of its own: give it a width, grow, or a vertical stack that stretches it)")
        }
    }

    /// A nested layout's result at `width` (clamped to ≥ 0): from the cache, or computed and stored
    /// (`drawing`: computed afresh and not kept — a drawn layout is for the report's result only).
    private func nestedResult(_ content: RowContent.Resolved, width: Double, drawing: Bool,
                              compute: (Double) throws(ComputeError) -> ComputeResult) throws(ComputeError) -> ComputeResult {
        let width = Swift.max(0, width)
        if drawing { return try compute(width) }
        if let cached = environment.nestedResults.result(for: content, width: width) { return cached }
        let result = try compute(width)
        environment.nestedResults.store(result, for: content, width: width)
        return result
    }

    /// A nested computation's options: its cells drawn when the row holding it is (a report).
    static func nestedOptions(drawing: Bool) -> ComputeOptions {
        var options = ComputeOptions()
        options.drawsCells = drawing
        return options
    }

    /// The height a nested grid takes in its row: its content height (a vertical grid) or its
    /// container height (a horizontal one), with its content inset.
    static func rowHeight(of result: ComputeResult, grid: GridSpec) -> Double {
        result.contentSize.height + grid.contentInset.top + grid.contentInset.bottom
    }

    /// The size of `text` at `width` (≤ 0 is treated as a line with no room, measured unwrapped).
    /// With a `path`, characters no font has are a warning there (the text is still measured,
    /// with the font's missing-glyph box, as on a phone without the font).
    func textSize(_ text: String, _ attributed: AttributedText? = nil, _ style: TextStyle, width: Double,
                  path: String = "") throws -> Size {
        let engine = try environment.engine()
        let prepared = try attributed.map { a throws(TextLayoutError) in try engine.prepare(a, style: style) }
            ?? engine.prepare(text, style: style)
        if !path.isEmpty {
            for w in TextLayoutResult.missingCharacterWarnings(prepared.missingCharacters) { environment.warn("\(path): \(w)") }
        }
        return try prepared.measure(width: width > 0 ? width : nil).size
    }
}

extension TableElement {
    var isRow: Bool {
        if case .row = self { return true }
        return false
    }
}

/// A width in a message: as short as it prints.
enum JSONTextWidth {
    static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
