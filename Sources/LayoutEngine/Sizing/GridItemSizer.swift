import CellLayout
import FlowLayout
import LayoutGeometry
import TextLayout

/// What a grid item carries into the flow layout: a reference to its spec entry, resolved
/// (text style looked up, insets defaulted). A class so that every item of a run shares one:
/// a run of a million items stores a million copies of one reference, never a million objects.
/// Items with nothing to measure and no size of their own carry no payload at all.
final class GridItemContent: Sendable {
    /// The JSON path of the spec entry (for messages).
    let path: String
    /// The size the spec gives, if any.
    let size: Size?
    /// Self-sizing text, if any.
    let text: Text?
    /// A composed cell (text styles resolved), if any.
    let layout: CellElement?
    /// The tables and grids inside the composed cell, by `custom` key.
    let nested: [RowContent.NestedInLayout]

    /// Self-sizing text: measured at the room on the line less `insets`, then `insets` added.
    struct Text: Sendable {
        var string: String
        var attributed: AttributedText?
        var style: TextStyle
        var insets: EdgeInsets
    }

    init(path: String, size: Size?, text: Text?, layout: CellElement? = nil, nested: [RowContent.NestedInLayout] = []) {
        self.path = path
        self.size = size
        self.text = text
        self.layout = layout
        self.nested = nested
    }

    /// The layout that lays its composed cell out: texts with `engine`, tables and grids inside
    /// with `environment`'s engines.
    func cellLayout(_ engine: TextEngine, environment: SizingEnvironment) -> CellLayout {
        nested.isEmpty ? environment.cellLayout(engine)
            : SpecSizer(environment: environment).cellLayout(engine, nested: nested, owner: self, path: path + ".layout")
    }
}

/// The `FlowItemSizer` that measures grid items' text with the shared `TextEngine`, like the
/// table's `SpecSizer`: size = the text's size at the available width less the insets (unlimited
/// when the grid scrolls horizontally), plus the insets, rounded up to 1/scale.
///
/// Pure and thread-safe (the engine is). A text that cannot be measured answers `.zero`, which the
/// layout refuses with a warning (fonts are checked before layout, so this is not expected).
struct GridItemSizer: FlowItemSizer {
    typealias Payload = GridItemContent

    let environment: SizingEnvironment
    let scale: PixelScale

    func size(for request: FlowSizingRequest<GridItemContent>) -> Size {
        guard let content = request.payload else { return request.estimate }
        if let layout = content.layout, content.size == nil {
            do {
                let engine = try environment.engine()
                return scale.ceil(try content.cellLayout(engine, environment: environment).size(of: layout, fittingWidth: request.availableWidth))
            } catch {
                return .zero
            }
        }
        guard let text = content.text else { return content.size ?? request.estimate }
        do {
            return try measure(text, availableWidth: request.availableWidth)
        } catch {
            return .zero
        }
    }

    /// The item size of `text` when the item may be `availableWidth` wide (nil: unlimited).
    func measure(_ text: GridItemContent.Text, availableWidth: Double?) throws -> Size {
        let inner = availableWidth.map { $0 - text.insets.horizontal }
        let width = inner.flatMap { $0 > 0 ? $0 : nil }
        let engine = try environment.engine()
        let measured = try text.attributed.map { try engine.size(of: $0, style: text.style, width: width).size }
            ?? engine.size(of: text.string, style: text.style, width: width).size
        return scale.ceil(Size(width: measured.width + text.insets.horizontal,
                               height: measured.height + text.insets.vertical))
    }
}
