import CellLayout
import LayoutGeometry
import TableLayout
import TextLayout

/// `ComputeOptions.drawsCells`: each drawn row as a phone would show it (`CellPicture`).
///
/// Where UIKit puts things (`docs/UIKIT_BEHAVIOUR.md`): a system cell's labels at the x and width
/// `CellStyleGeometry` gives them, centred vertically in the content view (`subtitle`: the two
/// labels as one block); `value1`'s detail right-aligned at the right margin, `value2`'s title
/// right-aligned in its column; the image at the left margin, centred; a custom text block at its
/// insets; a composed cell's texts and boxes at their frames. The accessory fills the width it
/// takes on the right, the row's content height tall; the separator is one pixel at the row's
/// bottom, from the text's x to the cell's right edge (UIKit's default `separatorInset`).
extension TableComputation {
    func cellPicture(_ table: EngineTable, at p: IndexPath, rect: Rect) throws(ComputeError) -> CellPicture {
        let source = table.heightSource(at: p) ?? .estimated
        guard source != .estimated else { return CellPicture(heightSource: source.rawValue) }
        let context = ContentWidthContext(tableWidth: width, style: table.configuration.style,
                                          showsSectionIndex: !spec.sectionIndexTitles.isEmpty,
                                          isEditing: spec.editing, metrics: environment.tableMetrics)
        var content: RowContent.Resolved?
        if case .row(let c)? = table.content(at: p) { content = c }
        let chrome = content?.chrome ?? .none
        let contentView = context.contentView(for: chrome)
        let dx = contentView.x - context.cellX
        let separatorShown = table.configuration.separatorStyle.isShown
        let separatorHeight = separatorShown ? environment.tableMetrics.separatorHeight(scale: scale) : 0
        let height = Swift.max(0, rect.height - separatorHeight)
        let margins = context.layoutMargins
        var picture = CellPicture(heightSource: source.rawValue)
        var composed = CellPicture(heightSource: source.rawValue)
        var textX = dx + margins.left
        let path = content?.path ?? ""

        switch content?.measure {
        case .cell(let c)?:
            let g = CellStyleGeometry(style: c.style, contentWidth: contentView.width, margins: margins,
                                      imageWidth: c.image?.width ?? 0, scale: scale, metrics: environment.tableMetrics)
            if let image = c.image, c.style != .value2, image.width > 0 {
                picture.images.append(Rect(x: dx + margins.left, y: (height - image.height) / 2, width: image.width, height: image.height))
            }
            textX = dx + g.textX
            var text: CellPicture.Text?
            if let t = c.text { text = try environment.drawText(t, c.attributedText, c.textStyle, width: g.textWidth, path: path) }
            var detail: CellPicture.Text?
            if let d = c.detail, c.style != .default {
                let w = c.style == .value1 ? g.detailWidth(afterTextWidth: text?.frame.width ?? 0) : (g.detailWidth ?? 0)
                detail = try environment.drawText(d, c.attributedDetail, c.detailStyle, width: w, path: path)
            }
            let th = text?.frame.height ?? 0, dh = detail?.frame.height ?? 0
            switch c.style {
            case .subtitle:
                let top = (height - th - dh) / 2
                if var t = text { t.frame.origin = Point(x: dx + g.textX, y: top); picture.texts.append(t) }
                if var d = detail { d.frame.origin = Point(x: dx + (g.detailX ?? g.textX), y: top + th); picture.texts.append(d) }
            case .value2:
                if var t = text { t.frame.origin = Point(x: dx + g.textX + g.textWidth - t.frame.width, y: (height - th) / 2); picture.texts.append(t) }
                if var d = detail { d.frame.origin = Point(x: dx + (g.detailX ?? 0), y: (height - dh) / 2); picture.texts.append(d) }
            case .default, .value1:
                if var t = text { t.frame.origin = Point(x: dx + g.textX, y: (height - th) / 2); picture.texts.append(t) }
                if var d = detail {
                    d.frame.origin = Point(x: dx + g.textX + g.textWidth - d.frame.width, y: (height - dh) / 2)
                    picture.texts.append(d)
                }
            }
        case .textBlock(let b)?:
            let insets = b.insets ?? margins
            var x = dx + insets.left
            var w = contentView.width - insets.left - insets.right
            if let image = b.image {
                picture.images.append(Rect(x: x, y: insets.top, width: image.width, height: image.height))
                x += image.width + environment.tableMetrics.imageTextGap
                w -= image.width + environment.tableMetrics.imageTextGap
            }
            textX = x
            if let t = b.text, !t.isEmpty, var drawn = try environment.drawText(t, b.attributedText, b.style, width: w, path: path) {
                drawn.frame.origin = Point(x: drawn.frame.origin.x + x, y: insets.top)
                picture.texts.append(drawn)
            }
        case .layout(let cell)?:
            // (At their frames, which are already where the cell's direction puts them: added
            // after the rest is mirrored.)
            try environment.drawLeaves(cell.resolvedRoot, frames: try cellFrames(table, at: p) ?? [], into: &composed, path: path)
        default:
            break
        }

        if !spec.editing, let kind = Self.accessoryName(chrome.accessory) {
            let w = context.width(of: chrome.accessory)
            let x = context.cellWidth - (spec.sectionIndexTitles.isEmpty ? 0 : environment.tableMetrics.sectionIndexWidth) - w
            picture.accessory = CellPicture.Accessory(kind: kind, frame: Rect(x: x, y: 0, width: w, height: height))
        }
        if separatorShown {
            picture.separator = Rect(x: textX, y: height, width: Swift.max(0, context.cellWidth - textX), height: separatorHeight)
        }
        // Right to left, the whole cell is its mirror image (UIKit flips a cell's subviews): labels,
        // images, the accessory on the left, the separator inset from the right. A label's lines
        // keep their own alignment inside it (a one-line label is its own width).
        if rightToLeft { picture.mirror(width: context.cellWidth) }
        picture.texts += composed.texts
        picture.images += composed.images
        return picture
    }

    /// A section header's or footer's title (UIKit's default header view's `textLabel`) at the
    /// layout margins, below its top padding, or a composed one's texts and boxes; nil without either.
    func titlePicture(_ table: EngineTable, section: Int, footer: Bool) throws(ComputeError) -> CellPicture? {
        let payload = table.supplementaryContent(inSection: section, footer: footer)
        if case .row(let content)? = payload, case .layout(let cell) = content.measure,
           let composed = try composedFrames(payload, width: headerWidth(table), shift: headerShift(table)) {
            // A composed header: its texts and boxes at their frames (header coordinates).
            var picture = CellPicture(heightSource: "measured")
            try environment.drawLeaves(cell.resolvedRoot, frames: composed.frames, into: &picture, path: content.path)
            return picture
        }
        guard case .title(let title)? = payload else { return nil }
        let context = ContentWidthContext(tableWidth: width, style: table.configuration.style,
                                          showsSectionIndex: !spec.sectionIndexTitles.isEmpty,
                                          isEditing: spec.editing, metrics: environment.tableMetrics)
        let margins = context.layoutMargins
        let path = self.path + "sections[\(section)].\(footer ? "footer" : "header")"
        guard var text = try environment.drawText(title.title, nil, title.style, width: context.cellWidth - margins.left - margins.right, path: path)
        else { return nil }
        text.frame.origin = Point(x: text.frame.origin.x + context.cellX + margins.left, y: title.padding.top)
        if rightToLeft { text.frame.origin.x = width - text.frame.maxX }  // (at the right margin)
        return CellPicture(heightSource: "fixed", texts: [text])
    }

    static func accessoryName(_ accessory: Accessory) -> String? {
        switch accessory {
        case .none: return nil
        case .disclosureIndicator: return "disclosureIndicator"
        case .checkmark: return "checkmark"
        case .detailButton: return "detailButton"
        case .detailDisclosureButton: return "detailDisclosureButton"
        case .custom: return "custom"
        }
    }
}

extension CellElement {
    /// The element at `path` (child indexes from here: a stack's children; an overlay's or a
    /// background's base 0 and layer 1), or nil.
    func element(at path: [Int]) -> CellElement? { located(at: path)?.element }

    /// The element at `path` and whether it lays out right to left (its own direction, else its
    /// nearest ancestor's, else `direction`: the layout's for a root that gives none).
    func located(at path: [Int], direction: CellLayoutDirection = .leftToRight) -> (element: CellElement, rightToLeft: Bool)? {
        var e = self
        var rightToLeft = (e.layoutDirection ?? direction) == .rightToLeft
        for i in path {
            switch e.kind {
            case .stack(let s) where s.children.indices.contains(i): e = s.children[i]
            case .overlay(let base, let layer), .background(let base, let layer):
                guard i == 0 || i == 1 else { return nil }
                e = i == 0 ? base : layer
            default: return nil
            }
            if let d = e.layoutDirection { rightToLeft = d == .rightToLeft }
        }
        return (e, rightToLeft)
    }
}

extension SizingEnvironment {
    /// One label's text laid out at `width` and drawn; its frame's origin is the offset of its
    /// bounding rect inside the label (a right-to-left text sits at the label's right end).
    func drawText(_ text: String, _ attributed: AttributedText?, _ style: TextStyle, width: Double,
                  alignment: TextLineAlignment = .natural, justifiedAtRight: Bool = false,
                  path: String) throws(ComputeError) -> CellPicture.Text? {
        guard !text.isEmpty else { return nil }
        let picture: TextPicture
        do throws(TextLayoutError) {
            picture = try engine().picture(text, attributed: attributed, style: style, width: width > 0 ? width : nil,
                                           alignment: alignment, justifiedAtRight: justifiedAtRight)
        } catch {
            throw .measurement(path: path, message: error.description)
        }
        let size = picture.layout.size
        let x = picture.layout.direction == .rightToLeft && width > size.width ? width - size.width : 0
        return CellPicture.Text(frame: Rect(x: x, y: 0, width: size.width, height: size.height), string: text,
                                path: picture.path, bitmapGlyphs: picture.bitmapGlyphs,
                                lineCount: picture.layout.lines.count, truncated: picture.layout.truncated)
    }

    /// A composed cell's texts and boxes at their frames (in the frames' coordinates).
    func drawLeaves(_ root: CellElement, frames: [CellFrame], into picture: inout CellPicture, path: String) throws(ComputeError) {
        for frame in frames {
            guard let (element, rightToLeft) = root.located(at: frame.path, direction: cellSettings.direction) else { continue }
            switch element.kind {
            case .text(let t):
                // (Natural alignment in a right-to-left element: its lines at the right, as a label's
                // in an app of that direction; justified text's unstretched lines likewise.)
                let alignment = t.alignment == .natural && rightToLeft ? .right : t.alignment
                if var drawn = try drawText(t.text, t.attributed, t.style, width: frame.rect.width, alignment: alignment,
                                            justifiedAtRight: rightToLeft, path: path) {
                    drawn.frame.origin = frame.rect.origin
                    picture.texts.append(drawn)
                }
            case .box:
                picture.images.append(frame.rect)
            default: break
            }
        }
    }
}
