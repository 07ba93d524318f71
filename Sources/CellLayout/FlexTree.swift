import LayoutGeometry
import TextLayout

/// A solver's tree flattened into plain values: built once, then only read (by every copy of the
/// solver, from several threads).
final class FlexTree: @unchecked Sendable {
    typealias Props = FlexSolver.Props
    let props: UnsafeMutableBufferPointer<Props>
    let childIndex: UnsafeMutableBufferPointer<Int>
    let ids: [String?]
    let texts: [CellText]
    /// The node of each text (`texts[i]` is node `textNodes[i]`).
    let textNodes: [Int]
    /// Whether a node's first baseline is ever asked for (a parent aligning first baselines, or
    /// the first child of a node whose baseline is asked for): others skip working it out.
    let needsBaseline: UnsafeMutableBufferPointer<Bool>
    let layout: CellLayout

    /// Measurements kept across layouts (`FlexSolver.Intrinsic`; `Props.intrinsic` indexes them)
    /// and their children's rects: written once while the cell is prepared, before any other
    /// thread sees the tree, then only read.
    private(set) var intrinsics = UnsafeMutableBufferPointer<FlexSolver.Intrinsic>(start: nil, count: 0)
    private(set) var intrinsicRects = UnsafeMutableBufferPointer<Rect>(start: nil, count: 0)

    /// Where `props`, `childIndex` and `needsBaseline` live: one allocation for the three.
    private let block: UnsafeMutableRawPointer

    init(_ b: Builder, layout: CellLayout) {
        self.layout = layout
        let n = b.props.count, links = b.childIndex.count
        let linksAt = Self.rounded(n * MemoryLayout<Props>.stride, MemoryLayout<Int>.alignment)
        let flagsAt = linksAt + links * MemoryLayout<Int>.stride
        block = .allocate(byteCount: max(1, flagsAt + n), alignment: max(MemoryLayout<Props>.alignment, MemoryLayout<Int>.alignment))
        props = UnsafeMutableBufferPointer(start: block.bindMemory(to: Props.self, capacity: n), count: n)
        _ = props.initialize(from: b.props)
        childIndex = UnsafeMutableBufferPointer(start: (block + linksAt).bindMemory(to: Int.self, capacity: links), count: links)
        _ = childIndex.initialize(from: b.childIndex)
        needsBaseline = UnsafeMutableBufferPointer(start: (block + flagsAt).bindMemory(to: Bool.self, capacity: n), count: n)
        needsBaseline.initialize(repeating: false)
        ids = b.ids
        texts = b.texts
        textNodes = b.textNodes
        markRows()
    }

    private static func rounded(_ offset: Int, _ alignment: Int) -> Int { (offset + alignment - 1) / alignment * alignment }

    deinit {
        props.deinitialize()
        block.deallocate()
        intrinsics.deallocate()
    }

    /// Files what `recorder` kept (once: a tree already holding intrinsic sizes keeps them).
    func keep(_ recorder: IntrinsicRecorder) {
        guard intrinsics.baseAddress == nil, !recorder.entries.isEmpty else { return }
        // One allocation: the entries, then the rects.
        let n = recorder.entries.count, r = recorder.rects.count
        let rectsAt = (n * MemoryLayout<FlexSolver.Intrinsic>.stride + MemoryLayout<Rect>.alignment - 1)
            / MemoryLayout<Rect>.alignment * MemoryLayout<Rect>.alignment
        let raw = UnsafeMutableRawPointer.allocate(byteCount: rectsAt + r * MemoryLayout<Rect>.stride,
                                                   alignment: max(MemoryLayout<FlexSolver.Intrinsic>.alignment, MemoryLayout<Rect>.alignment))
        intrinsics = UnsafeMutableBufferPointer(start: raw.bindMemory(to: FlexSolver.Intrinsic.self, capacity: n), count: n)
        _ = intrinsics.initialize(from: recorder.entries)
        intrinsicRects = UnsafeMutableBufferPointer(start: (raw + rectsAt).bindMemory(to: Rect.self, capacity: r), count: r)
        _ = intrinsicRects.initialize(from: recorder.rects)
        for (i, node) in recorder.nodes.enumerated() { props[Int(node)].intrinsic = Int32(i) }
    }

    /// Marks the nodes whose baselines are asked for and the rows whose heights are strict.
    private func markRows() {
        // Parents come before their children in `props`, so one pass top-down suffices.
        // A height is definite (css-flexbox §9.8) when it is given, when a single-line row
        // stretches the element (once the line's height is known), or when the element is an
        // item of a column whose height is definite (its size after flexing).
        withUnsafeTemporaryAllocation(of: Bool.self, capacity: props.count) { definite in
            definite.initialize(repeating: false)
            for n in props.indices {
                let p = props[n]
                if !p.height.isNaN { definite[n] = true }
                let stretchingRow = p.kind == .stack && p.isRow && !p.wraps
                var stretchesRatioChild = false
                for k in 0..<p.childCount {
                    let c = childIndex[p.firstChild + k]
                    let align = props[c].alignSelf ?? p.alignment
                    if (p.kind == .stack && p.isRow && align == .firstBaseline) || (needsBaseline[n] && k == 0) { needsBaseline[c] = true }
                    if p.kind == .stack, !p.isRow, definite[n] { definite[c] = true }
                    // (Chromium also takes a column item's given basis as a definite height, the
                    // column's own height definite or not: a row of basis 20 down a column that
                    // nothing sizes sizes its ratio box 30 wide.)
                    if p.kind == .stack, !p.isRow, !props[c].basis.isNaN { definite[c] = true }
                    guard p.kind == .stack, p.isRow, align == .stretch, props[c].height.isNaN else { continue }
                    definite[c] = true  // (a wrapping row's lines stretch their items too)
                    if stretchingRow, !props[c].ratio.isNaN, props[c].width.isNaN, props[c].basis.isNaN { stretchesRatioChild = true }
                }
                props[n].strictHeight = stretchingRow && stretchesRatioChild && definite[n] && p.height.isNaN
                props[n].heightDefinite = definite[n]
            }
            // Bottom-up (children come after their parents in `props`): which stacks hold a ratio
            // box, and strictness climbing — a stack whose definite height is handed down to a
            // strict child (a row it stretches, any item of a column) is strict too: measured as
            // content, the child had no definite height, and its ratio boxes no width from it
            // (Chromium: a row of a ratio-1.5 box and a box 13 tall is 19.5 wide inside a row of
            // min-width 90, which is laid out again at its stretched height; held-out tree 0327).
            for n in props.indices.reversed() where props[n].kind == .stack {
                let p = props[n]
                let climbs = definite[n] && p.height.isNaN && !p.strictHeight
                for k in 0..<p.childCount {
                    let c = childIndex[p.firstChild + k]
                    if (props[c].kind == .box && !props[c].ratio.isNaN) || props[c].ratioInside { props[n].ratioInside = true }
                    if climbs, props[c].strictHeight, !p.isRow || (props[c].alignSelf ?? p.alignment) == .stretch {
                        props[n].strictHeight = true
                    }
                }
            }
        }
    }

    /// Flattens an element tree (its visible elements) into a `FlexTree`'s arrays.
    struct Builder {
        var props: [Props] = []
        var ids: [String?] = []
        var childIndex: [Int] = []
        var texts: [CellText] = []
        var textNodes: [Int] = []
        /// Styles replacing the texts' own, by the texts' order in the tree (hidden ones counted).
        let textStyles: [TextStyle]
        /// The order of the next text `flatten` meets, hidden texts counted.
        var textOrdinal = 0

        init(textStyles: [TextStyle]) {
            self.textStyles = textStyles
            props.reserveCapacity(24)
            ids.reserveCapacity(24)
            childIndex.reserveCapacity(24)
            texts.reserveCapacity(4)
            textNodes.reserveCapacity(4)
        }

        @discardableResult
        mutating func flatten(_ element: UnsafePointer<CellElement>, parent: Int, index: Int) -> Int {
            // Read through a pointer: an element passed by value was copied for every child (a
            // retain of each part of it, a fifth of flattening a feed's post).
            let e = element
            let n = props.count
            var p = Props()
            p.parent = parent
            p.indexInParent = index
            let lengths = e.pointee.stored
            p.width = CellElement.orNaN(lengths.width)
            p.height = CellElement.orNaN(lengths.height)
            p.minWidth = max(lengths.minWidth, 0)
            p.maxWidth = lengths.maxWidth == -.infinity ? .infinity : lengths.maxWidth
            p.minHeight = max(lengths.minHeight, 0)
            p.maxHeight = lengths.maxHeight == -.infinity ? .infinity : lengths.maxHeight
            p.padTop = e.pointee.padding.top
            p.padLeft = e.pointee.padding.left
            p.padBottom = e.pointee.padding.bottom
            p.padRight = e.pointee.padding.right
            p.grow = e.pointee.grow
            p.shrink = e.pointee.shrink
            p.basis = CellElement.orNaN(lengths.basis)
            p.alignSelf = e.pointee.alignSelf
            // A node's children are not contiguous in `props` (each is followed by its own subtree):
            // their indexes go in `childIndex`, in slots reserved before the subtrees are added.
            func reserve(_ count: Int) -> Int {
                let first = childIndex.count
                childIndex.append(contentsOf: repeatElement(0, count: count))
                p.firstChild = first
                p.childCount = count
                return first
            }
            switch e.pointee.kind {
            case .stack(let s):
                p.kind = .stack
                p.isRow = s.axis == .horizontal
                p.wraps = s.wraps
                p.alignment = s.alignment
                p.justify = s.justify
                p.spacing = s.spacing
                // Children are read in place (no copies of the elements: each copy retains its parts,
                // and several threads flatten trees at once).
                s.children.withUnsafeBufferPointer { children in
                    var visible = 0
                    for i in children.indices where !children[i].isHidden { visible += 1 }
                    let first = reserve(visible)
                    props.append(p)
                    ids.append(e.pointee.id)
                    var k = 0
                    for i in children.indices {
                        guard !children[i].isHidden else {
                            if !textStyles.isEmpty { textOrdinal += children[i].textCount }
                            continue
                        }
                        childIndex[first + k] = flatten(children.baseAddress.unsafelyUnwrapped + i, parent: n, index: i)
                        k += 1
                    }
                }
                return n
            case .box(let ratio):
                p.kind = .box
                if let ratio, ratio > 0 { p.ratio = ratio }
            case .text(var t):
                p.kind = .text
                p.payload = texts.count
                if textOrdinal < textStyles.count { t.style = textStyles[textOrdinal] }
                textOrdinal += 1
                texts.append(t)
                textNodes.append(n)
            case .spacer:
                p.kind = .spacer
            case .overlay(let base, let layer), .background(let base, let layer):
                p.kind = .layered
                // The pair is sized as its base: the base's own sizes and limits apply where the
                // overlay element gives none (a badge over a 40 × 40 avatar is 40 × 40 in any stack).
                if p.width.isNaN, let w = base.width { p.width = w + e.pointee.padding.horizontal }
                if p.height.isNaN, let h = base.height { p.height = h + e.pointee.padding.vertical }
                if e.pointee.minWidth == nil, let v = base.minWidth { p.minWidth = v }
                if e.pointee.maxWidth == nil, let v = base.maxWidth { p.maxWidth = v }
                if e.pointee.minHeight == nil, let v = base.minHeight { p.minHeight = v }
                if e.pointee.maxHeight == nil, let v = base.maxHeight { p.maxHeight = v }
                if case .box(let ratio?) = base.kind, ratio > 0 { p.ratio = ratio }
                // The layer only exists over a visible base.
                let count = base.isHidden ? 0 : (layer.isHidden ? 1 : 2)
                let first = reserve(count)
                props.append(p)
                ids.append(e.pointee.id)
                if count > 0 { childIndex[first] = withUnsafePointer(to: base) { flatten($0, parent: n, index: 0) } } else if !textStyles.isEmpty { textOrdinal += base.textCount }
                if count > 1 { childIndex[first + 1] = withUnsafePointer(to: layer) { flatten($0, parent: n, index: 1) } } else if !textStyles.isEmpty { textOrdinal += layer.textCount }
                return n
            case .custom(let key):
                p.kind = .custom
                p.payload = key
            }
            props.append(p)
            ids.append(e.pointee.id)
            return n
        }

    }
}
