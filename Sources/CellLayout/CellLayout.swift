import LayoutGeometry
import TextLayout

/// Lays out composed cells: a tree of `CellElement`s at a width → every element's frame.
///
/// The algorithm is CSS flexbox's (css-flexbox-1 §9) for the subset `CellElement` models:
/// flex base sizes from `basis`, the fixed size or the content's max-content size; greedy line
/// breaking when a stack wraps; flexible lengths resolved with min/max freezing; line cross sizes
/// (first baselines included); `align-content: normal` (lines stretch); stretch, then
/// `justify-content` and `align-items`. Texts are measured with the text engine; their frame is
/// their bounding rect. Content the host measures (`CellElement.Kind.custom`) is asked for its
/// size through `customMeasure`.
///
/// A value: safe to use from several threads at once (the text engine is).
public struct CellLayout: Sendable {
    /// Measures texts; nil when the trees hold no text (a text then fails with an error).
    public var textEngine: TextEngine?
    /// Measures `.custom` elements: `(key, width)` → size, where width nil means "as wide as it
    /// likes". Nil when the trees hold none.
    public var customMeasure: (@Sendable (_ key: Int, _ width: Double?) throws -> Size)?

    /// A layout measuring texts with `textEngine`.
    public init(textEngine: TextEngine?, customMeasure: (@Sendable (_ key: Int, _ width: Double?) throws -> Size)? = nil) {
        self.textEngine = textEngine
        self.customMeasure = customMeasure
    }

    /// Lays `root` out at `width` (the row's content width; nil = as wide as its content): the root
    /// is as wide as `width` unless it has a width of its own, and as tall as its content unless it
    /// has a height of its own.
    public func arrange(_ root: CellElement, width: Double?) throws(CellLayoutError) -> CellArrangement {
        let solver = FlexSolver(root: root, layout: self)
        return try solver.arrange(width: width)
    }

    /// The root's size at `width` without building frames (what a self-sizing row needs).
    public func size(of root: CellElement, width: Double?) throws(CellLayoutError) -> Size {
        let solver = FlexSolver(root: root, layout: self)
        return try solver.rootSize(width: width)
    }
}

/// A size constraint on one axis.
enum Dim: Hashable {
    /// The size is decided: exactly this.
    case exact(Double)
    /// As large as the content, but no larger than this (CSS's fit-content).
    case atMost(Double)
    /// As large as the content (max-content).
    case unbounded

    var exactValue: Double? {
        if case .exact(let v) = self { return v }
        return nil
    }

    var limit: Double? {
        switch self {
        case .exact(let v), .atMost(let v): return v
        case .unbounded: return nil
        }
    }

    /// The same constraint less `amount` (padding), never below 0.
    func inset(_ amount: Double) -> Dim {
        switch self {
        case .exact(let v): return .exact(max(0, v - amount))
        case .atMost(let v): return .atMost(max(0, v - amount))
        case .unbounded: return .unbounded
        }
    }

    /// Exact becomes at-most: the room a child may use without being forced to fill it.
    var loosened: Dim {
        if case .exact(let v) = self { return .atMost(v) }
        return self
    }
}

@inline(__always)
func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
    // As in CSS, the minimum wins when it is larger than the maximum.
    max(lo, min(v, hi))
}

/// One `arrange` call's work: the tree flattened, and measurements cached by (node, constraints).
final class FlexSolver {
    struct Node {
        let element: CellElement
        var children: [Int] = []
        let path: [Int]
    }

    /// A measured element: its border-box size, its first baseline from its top (nil = none,
    /// synthesized from the bottom edge), its visible children's border boxes relative to its
    /// origin, and (for a text) the text's bounding size.
    struct Measured {
        var size: Size
        var baseline: Double?
        var children: [Rect] = []
        var textSize: Size?
    }

    struct Key: Hashable {
        var node: Int
        var width: Dim
        var height: Dim
    }

    private var nodes: [Node] = []
    private let layout: CellLayout
    private var cache: [Key: Measured] = [:]
    private var maxContentWidths: [Int: Double] = [:]
    private var overflows: Set<Int> = []

    init(root: CellElement, layout: CellLayout) {
        self.layout = layout
        _ = flatten(root, path: [])
    }

    private func flatten(_ e: CellElement, path: [Int]) -> Int {
        let index = nodes.count
        nodes.append(Node(element: e, path: path))
        var kids: [Int] = []
        switch e.kind {
        case .stack(let s):
            for (i, c) in s.children.enumerated() where !c.isHidden { kids.append(flatten(c, path: path + [i])) }
        case .overlay(let base, let layer), .background(let base, let layer):
            // The layer only exists over a visible base.
            if !base.isHidden {
                kids.append(flatten(base, path: path + [0]))
                if !layer.isHidden { kids.append(flatten(layer, path: path + [1])) }
            }
        default: break
        }
        nodes[index].children = kids
        return index
    }

    func rootSize(width: Double?) throws(CellLayoutError) -> Size {
        guard !nodes[0].element.isHidden else { return .zero }
        return try measure(0, width.map { .exact(rootWidth($0)) } ?? .unbounded, .unbounded).size
    }

    func arrange(width: Double?) throws(CellLayoutError) -> CellArrangement {
        guard !nodes[0].element.isHidden else { return CellArrangement(size: .zero, frames: []) }
        let size = try rootSize(width: width)
        var frames: [CellFrame] = []
        frames.reserveCapacity(nodes.count)
        try place(0, origin: .zero, size: size, into: &frames)
        return CellArrangement(size: size, frames: frames, overflows: overflows.sorted().map { nodes[$0].path })
    }

    /// The root's width in a row `available` wide: its own width (clamped) or the row's.
    private func rootWidth(_ available: Double) -> Double {
        let e = nodes[0].element
        return clamp(e.width ?? available, e.minWidth ?? 0, e.maxWidth ?? .infinity)
    }

    private func place(_ n: Int, origin: Point, size: Size, into frames: inout [CellFrame]) throws(CellLayoutError) {
        let m = try measure(n, .exact(size.width), .exact(size.height))
        let e = nodes[n].element
        if let text = m.textSize {
            frames.append(CellFrame(path: nodes[n].path, id: e.id,
                                    rect: Rect(x: origin.x + e.padding.left, y: origin.y + e.padding.top,
                                               width: text.width, height: text.height)))
        } else {
            frames.append(CellFrame(path: nodes[n].path, id: e.id, rect: Rect(origin: origin, size: size)))
        }
        for (i, c) in nodes[n].children.enumerated() {
            let r = m.children[i]
            try place(c, origin: Point(x: origin.x + r.minX, y: origin.y + r.minY), size: r.size, into: &frames)
        }
    }

    // MARK: Measuring

    func measure(_ n: Int, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let key = Key(node: n, width: w, height: h)
        if let hit = cache[key] { return hit }
        let e = nodes[n].element
        let w = own(w, e.width, e.minWidth, e.maxWidth)
        let h = own(h, e.height, e.minHeight, e.maxHeight)
        var m: Measured
        switch e.kind {
        case .stack(let s): m = try stack(n, s, w, h)
        case .text(let t): m = try text(n, t, w, h)
        case .box(let ratio): m = box(e, ratio: ratio, w, h)
        case .spacer: m = box(e, ratio: nil, w, h)
        case .overlay, .background: m = try layered(n, w, h)
        case .custom(let key): m = try custom(n, key, w, h)
        }
        cache[key] = m
        return m
    }

    /// A constraint with the element's own size and limits applied: an exact size from the parent
    /// stands; otherwise a fixed size becomes exact.
    private func own(_ d: Dim, _ fixed: Double?, _ lo: Double?, _ hi: Double?) -> Dim {
        if case .exact = d { return d }
        if let fixed { return .exact(clamp(fixed, lo ?? 0, hi ?? .infinity)) }
        return d
    }

    /// `v` within the element's min/max along an axis (only where the size is not already exact),
    /// and never less than its padding.
    private func finish(_ v: Double, _ d: Dim, _ lo: Double?, _ hi: Double?, padding: Double) -> Double {
        if let exact = d.exactValue { return exact }
        return max(clamp(v, lo ?? 0, hi ?? .infinity), padding)
    }

    private func box(_ e: CellElement, ratio: Double?, _ w: Dim, _ h: Dim) -> Measured {
        var bw = w.exactValue, bh = h.exactValue
        if let r = ratio, r > 0 {
            if let x = bw, bh == nil { bh = clamp(x / r, e.minHeight ?? 0, e.maxHeight ?? .infinity) }
            else if let y = bh, bw == nil { bw = clamp(y * r, e.minWidth ?? 0, e.maxWidth ?? .infinity) }
        }
        let width = finish(bw ?? 0, w, e.minWidth, e.maxWidth, padding: e.padding.horizontal)
        let height = finish(bh ?? 0, h, e.minHeight, e.maxHeight, padding: e.padding.vertical)
        return Measured(size: Size(width: width, height: height), baseline: nil)
    }

    private func custom(_ n: Int, _ key: Int, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let e = nodes[n].element
        guard let measureCustom = layout.customMeasure else {
            throw CellLayoutError(path: nodes[n].path, message: "nested content, but no measurer for it")
        }
        let content: Size
        do {
            content = try measureCustom(key, w.limit.map { max(0, $0 - e.padding.horizontal) })
        } catch {
            throw CellLayoutError(path: nodes[n].path, message: "\(error)")
        }
        var width = content.width + e.padding.horizontal
        if case .atMost(let v) = w { width = min(width, v) }
        return Measured(size: Size(width: finish(width, w, e.minWidth, e.maxWidth, padding: e.padding.horizontal),
                                   height: finish(content.height + e.padding.vertical, h, e.minHeight, e.maxHeight,
                                                  padding: e.padding.vertical)),
                        baseline: nil)
    }

    private func layered(_ n: Int, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let kids = nodes[n].children
        guard let base = kids.first else { return Measured(size: .zero, baseline: nil) }
        let b = try measure(base, w, h)
        let rect = Rect(origin: .zero, size: b.size)
        return Measured(size: b.size, baseline: b.baseline, children: kids.map { _ in rect })
    }

    // MARK: Text

    private func measureText(_ n: Int, _ t: CellText, width: Double?) throws(CellLayoutError) -> TextMeasurement {
        guard let engine = layout.textEngine else {
            throw CellLayoutError(path: nodes[n].path, message: "a text, but no text engine to measure it")
        }
        do throws(TextLayoutError) {
            // The engine reads 0 as "unlimited"; a text with no room at all gets the least room.
            return try engine.size(of: t.text, style: t.style, width: width.map { max($0, 1e-3) })
        } catch {
            throw CellLayoutError(path: nodes[n].path, message: error.description)
        }
    }

    private func maxContentWidth(_ n: Int, _ t: CellText) throws(CellLayoutError) -> Double {
        if let w = maxContentWidths[n] { return w }
        let w = try measureText(n, t, width: nil).size.width
        maxContentWidths[n] = w
        return w
    }

    private func text(_ n: Int, _ t: CellText, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let e = nodes[n].element
        let padH = e.padding.horizontal, padV = e.padding.vertical
        // The box width: exact, or fit-content (its max-content width, within the room it has).
        var boxWidth: Double
        switch w {
        case .exact(let v): boxWidth = v
        case .atMost(let v): boxWidth = min(try maxContentWidth(n, t) + padH, v)
        case .unbounded: boxWidth = try maxContentWidth(n, t) + padH
        }
        boxWidth = finish(boxWidth, w, e.minWidth, e.maxWidth, padding: padH)
        let contentWidth = boxWidth - padH
        let measured: TextMeasurement
        if case .exact = w {
            measured = try measureText(n, t, width: contentWidth)
        } else {
            let natural = try maxContentWidth(n, t)
            // At (or past) its max-content width a text is its unwrapped self.
            measured = try measureText(n, t, width: contentWidth >= natural ? nil : contentWidth)
        }
        let height = finish(measured.size.height + padV, h, e.minHeight, e.maxHeight, padding: padV)
        return Measured(size: Size(width: boxWidth, height: height),
                        baseline: measured.lineCount > 0 ? e.padding.top + (try firstBaseline(n, t)) : nil,
                        textSize: measured.size)
    }

    /// The first line's baseline below the text's top: the primary font's ascent plus half its
    /// line gap (0 for the bundled fonts).
    private func firstBaseline(_ n: Int, _ t: CellText) throws(CellLayoutError) -> Double {
        guard let engine = layout.textEngine else { return 0 }
        do throws(TextLayoutError) {
            let m = try engine.metrics(of: t.style.font)
            let gap = t.style.fontLeading ? m.leading(size: t.style.size) : 0
            return m.ascent(size: t.style.size) + gap / 2
        } catch {
            throw CellLayoutError(path: nodes[n].path, message: error.description)
        }
    }

    // MARK: Stacks

    private struct Item {
        var node: Int
        var base: Double
        var hypo: Double
        var main: Double
        var minMain: Double
        var maxMain: Double
        var minCross: Double
        var maxCross: Double
        var crossConstraint: Dim
        var align: CellAlignment
        var fixedCross: Double?
        var ratio: Double?
        var grow: Double
        var shrink: Double
        var frozen = false
        var cross = 0.0
        var baseline: Double?
    }

    private func stack(_ n: Int, _ s: CellStack, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let e = nodes[n].element
        let isRow = s.axis == .horizontal
        let pad = e.padding
        let padMain = isRow ? pad.horizontal : pad.vertical
        let padCross = isRow ? pad.vertical : pad.horizontal
        let mainDim = (isRow ? w : h).inset(padMain)
        let crossDim = (isRow ? h : w).inset(padCross)
        let gap = s.spacing
        let kids = nodes[n].children

        // 1. Flex base sizes and hypothetical main sizes.
        var items: [Item] = []
        items.reserveCapacity(kids.count)
        for c in kids {
            let ce = nodes[c].element
            var align = ce.alignSelf ?? s.alignment
            if align == .firstBaseline && !isRow { align = .start }
            let minMain = (isRow ? ce.minWidth : ce.minHeight) ?? 0
            let maxMain = (isRow ? ce.maxWidth : ce.maxHeight) ?? .infinity
            let minCross = (isRow ? ce.minHeight : ce.minWidth) ?? 0
            let maxCross = (isRow ? ce.maxHeight : ce.maxWidth) ?? .infinity
            let childPadMain = isRow ? ce.padding.horizontal : ce.padding.vertical
            let fixedCross = (isRow ? ce.height : ce.width).map { clamp($0, minCross, maxCross) }
            var ratio: Double?
            if case .box(let r) = ce.kind, let r, r > 0 { ratio = r }
            let crossConstraint: Dim
            if let fixedCross {
                crossConstraint = .exact(fixedCross)
            } else if align == .stretch, !s.wraps, let v = crossDim.exactValue {
                crossConstraint = .exact(clamp(v, minCross, maxCross))
            } else {
                crossConstraint = crossDim.loosened
            }
            let base: Double
            if let b = ce.basis {
                base = b
            } else if let fixed = isRow ? ce.width : ce.height {
                base = fixed
            } else if let r = ratio, let cv = crossConstraint.exactValue {
                base = isRow ? cv * r : cv / r
            } else {
                let m = try measure(c, isRow ? .unbounded : crossConstraint, isRow ? crossConstraint : .unbounded)
                base = isRow ? m.size.width : m.size.height
            }
            let lo = max(minMain, childPadMain)
            let hypo = max(clamp(base, minMain, maxMain), childPadMain)
            items.append(Item(node: c, base: base, hypo: hypo, main: hypo, minMain: lo, maxMain: max(lo, maxMain),
                              minCross: minCross, maxCross: maxCross, crossConstraint: crossConstraint, align: align,
                              fixedCross: fixedCross, ratio: ratio, grow: ce.grow, shrink: ce.shrink))
        }

        // 2. Lines.
        var lines: [Range<Int>] = []
        if s.wraps, let limit = mainDim.limit {
            var start = 0, used = 0.0
            for i in items.indices {
                let add = (i == start ? 0 : gap) + items[i].hypo
                if i > start, used + add > limit + 1e-9 {
                    lines.append(start..<i)
                    start = i
                    used = items[i].hypo
                } else {
                    used += add
                }
            }
            if start < items.count { lines.append(start..<items.count) }
        } else if !items.isEmpty {
            lines = [0..<items.count]
        }

        // 3. The container's inner main size.
        func used(_ line: Range<Int>, _ size: (Item) -> Double) -> Double {
            line.reduce(0) { $0 + size(items[$1]) } + gap * Double(max(0, line.count - 1))
        }
        let contentMain = lines.map { used($0) { $0.hypo } }.max() ?? 0
        var innerMain: Double
        switch mainDim {
        case .exact(let v): innerMain = v
        case .atMost(let v): innerMain = min(contentMain, v)
        case .unbounded: innerMain = contentMain
        }
        let ownMain = isRow ? w : h
        innerMain = finish(innerMain + padMain, ownMain, isRow ? e.minWidth : e.minHeight,
                           isRow ? e.maxWidth : e.maxHeight, padding: padMain) - padMain

        // 4. Flexible lengths, line by line.
        for line in lines { resolveFlexibleLengths(&items, line, innerMain: innerMain, gap: gap) }

        // 5. Hypothetical cross sizes (and baselines).
        for i in items.indices {
            let c = items[i].node
            if let r = items[i].ratio, items[i].fixedCross == nil {
                items[i].cross = clamp(isRow ? items[i].main / r : items[i].main * r, items[i].minCross, items[i].maxCross)
                continue
            }
            let m = try measure(c, isRow ? .exact(items[i].main) : items[i].crossConstraint,
                                isRow ? items[i].crossConstraint : .exact(items[i].main))
            items[i].cross = isRow ? m.size.height : m.size.width
            items[i].baseline = m.baseline
        }

        // 6. Line cross sizes.
        var lineCross: [Double] = []
        var lineAscent: [Double] = []
        for line in lines {
            var maxCross = 0.0, maxAscent = 0.0, maxDescent = 0.0
            for i in line {
                if isRow, items[i].align == .firstBaseline {
                    let ascent = items[i].baseline ?? items[i].cross
                    maxAscent = max(maxAscent, ascent)
                    maxDescent = max(maxDescent, items[i].cross - ascent)
                } else {
                    maxCross = max(maxCross, items[i].cross)
                }
            }
            lineCross.append(max(maxCross, maxAscent + maxDescent))
            lineAscent.append(maxAscent)
        }
        let contentCross = lineCross.reduce(0, +) + gap * Double(max(0, lineCross.count - 1))
        var innerCross: Double
        switch crossDim {
        case .exact(let v): innerCross = v
        case .atMost(let v): innerCross = min(contentCross, v)
        case .unbounded: innerCross = contentCross
        }
        let ownCross = isRow ? h : w
        innerCross = finish(innerCross + padCross, ownCross, isRow ? e.minHeight : e.minWidth,
                            isRow ? e.maxHeight : e.maxWidth, padding: padCross) - padCross
        if !s.wraps, !lineCross.isEmpty {
            lineCross[0] = innerCross
        } else if innerCross > contentCross, !lineCross.isEmpty {
            // align-content: normal (stretch): the lines share the extra space.
            let extra = (innerCross - contentCross) / Double(lineCross.count)
            for l in lineCross.indices { lineCross[l] += extra }
        }

        // 7. Stretch, then positions.
        var rects = [Rect](repeating: .zero, count: items.count)
        var lineStart = 0.0
        var baseline: Double?
        for (l, line) in lines.enumerated() {
            let lc = lineCross[l]
            for i in line where items[i].align == .stretch && items[i].fixedCross == nil {
                items[i].cross = max(clamp(lc, items[i].minCross, items[i].maxCross),
                                     isRow ? nodes[items[i].node].element.padding.vertical
                                           : nodes[items[i].node].element.padding.horizontal)
            }
            let free = innerMain - used(line) { $0.main }
            if free < -1e-6 { overflows.insert(n) }
            let count = Double(line.count)
            var offset = 0.0, between = gap
            switch s.justify {
            case .start: break
            case .center: offset = free / 2
            case .end: offset = free
            case .spaceBetween:
                if free > 0, line.count > 1 { between += free / (count - 1) }
            case .spaceAround:
                if free > 0 { offset = free / count / 2; between += free / count } else { offset = free / 2 }
            case .spaceEvenly:
                if free > 0 { offset = free / (count + 1); between += free / (count + 1) } else { offset = free / 2 }
            }
            var position = offset
            for i in line {
                let crossOffset: Double
                switch items[i].align {
                case .start, .stretch: crossOffset = 0
                case .center: crossOffset = (lc - items[i].cross) / 2
                case .end: crossOffset = lc - items[i].cross
                case .firstBaseline: crossOffset = lineAscent[l] - (items[i].baseline ?? items[i].cross)
                }
                let mainPos = (isRow ? pad.left : pad.top) + position
                let crossPos = (isRow ? pad.top : pad.left) + lineStart + crossOffset
                rects[i] = isRow
                    ? Rect(x: mainPos, y: crossPos, width: items[i].main, height: items[i].cross)
                    : Rect(x: crossPos, y: mainPos, width: items[i].cross, height: items[i].main)
                position += items[i].main + between
            }
            if l == 0, let first = line.first {
                // The container's first baseline: that of its first line's baseline-aligned items,
                // else its first item's (synthesized from its bottom edge when it has none).
                if isRow, line.contains(where: { items[$0].align == .firstBaseline }) {
                    baseline = (isRow ? pad.top : pad.left) + lineAscent[0]
                } else {
                    let r = rects[first]
                    baseline = r.minY + (items[first].baseline ?? r.height)
                }
            }
            lineStart += lc + gap
        }
        let size = isRow ? Size(width: innerMain + padMain, height: innerCross + padCross)
                         : Size(width: innerCross + padCross, height: innerMain + padMain)
        return Measured(size: size, baseline: baseline, children: rects)
    }

    /// css-flexbox-1 §9.7: grow or shrink the items of one line to fill `innerMain`, freezing
    /// items that hit their min or max and distributing again.
    private func resolveFlexibleLengths(_ items: inout [Item], _ line: Range<Int>, innerMain: Double, gap: Double) {
        let gaps = gap * Double(max(0, line.count - 1))
        let sumHypo = line.reduce(0) { $0 + items[$1].hypo }
        let growing = sumHypo + gaps < innerMain
        for i in line {
            items[i].main = items[i].hypo
            let factor = growing ? items[i].grow : items[i].shrink
            items[i].frozen = factor == 0 || (growing && items[i].base > items[i].hypo) || (!growing && items[i].base < items[i].hypo)
                || sumHypo + gaps == innerMain
        }
        func remaining() -> Double {
            innerMain - gaps - line.reduce(0) { $0 + (items[$1].frozen ? items[$1].main : items[$1].base) }
        }
        let initialFree = remaining()
        for _ in 0...line.count {
            let unfrozen = line.filter { !items[$0].frozen }
            if unfrozen.isEmpty { break }
            var free = remaining()
            let factorSum = unfrozen.reduce(0) { $0 + (growing ? items[$1].grow : items[$1].shrink) }
            if factorSum < 1 {
                let scaled = initialFree * factorSum
                if abs(scaled) < abs(free) { free = scaled }
            }
            var targets: [Int: Double] = [:]
            if growing {
                for i in unfrozen {
                    targets[i] = items[i].base + (factorSum > 0 ? free * items[i].grow / factorSum : 0)
                }
            } else {
                let scaledSum = unfrozen.reduce(0) { $0 + items[$1].shrink * items[$1].base }
                for i in unfrozen {
                    let share = scaledSum > 0 ? items[i].shrink * items[i].base / scaledSum : 0
                    targets[i] = items[i].base - abs(free) * share
                }
            }
            var totalViolation = 0.0
            var violation: [Int: Double] = [:]
            for i in unfrozen {
                let target = targets[i] ?? items[i].base
                let clamped = max(items[i].minMain, min(target, items[i].maxMain))
                violation[i] = clamped - target
                totalViolation += clamped - target
                items[i].main = clamped
            }
            if abs(totalViolation) < 1e-9 {
                for i in unfrozen { items[i].frozen = true }
            } else {
                for i in unfrozen {
                    let v = violation[i] ?? 0
                    if (totalViolation > 0 && v > 0) || (totalViolation < 0 && v < 0) { items[i].frozen = true }
                }
            }
        }
    }
}
