import LayoutGeometry
import Synchronization
import TextLayout

/// A solver's tree flattened into plain values: built once, then only read (by every copy of the
/// solver, from several threads). Its shape (every element's properties and children) is shared
/// by the trees that have the same one — a feed's posts made from one template have a handful
/// of shapes among thousands of trees — and read hot in the cache; what is the tree's own is
/// its texts, ids and the intrinsic sizes its cell keeps.
final class FlexTree: @unchecked Sendable {
    typealias Props = FlexSolver.Props
    /// The elements' properties and children (`shape`'s, which may be another tree's too).
    let props: UnsafeMutableBufferPointer<Props>
    let childIndex: UnsafeMutableBufferPointer<Int>
    let ids: [String?]
    /// The texts, each with its own style unless `styleOrdinals` gives it one of `styles`
    /// (read a text's style through `style(_:)`).
    let texts: [CellText]
    /// A list of resolved styles and each text's place in it (`StructureTexts`: a place past
    /// the list's end keeps the text's own); both empty when every text carries its style.
    let styles: [TextStyle]
    let styleOrdinals: [Int32]
    /// The node of each text (`texts[i]` is node `textNodes[i]`).
    let textNodes: [Int]
    /// Whether a node's baselines are ever asked for (a row aligning its items by first or last
    /// baselines; the first and last child of a stack whose baselines are asked for, any child of
    /// such a wrapping row, a pair's base): others skip working them out.
    let needsBaseline: UnsafeMutableBufferPointer<Bool>
    let layout: CellLayout
    /// `layout.textEngine`, lent (`layout` holds it while the tree lives): a text prepared through
    /// a copy of the reference retained and released the one engine every thread shares.
    let engine: Unmanaged<TextEngine>?
    /// Where `props`, `childIndex` and `needsBaseline` live (kept alive by this tree).
    let shape: FlexShape

    /// Measurements kept across layouts (`FlexSolver.Intrinsic`), each node's index into them
    /// (−1: none), and their children's rects (`KeptIntrinsics`): none until a layout of the
    /// prepared cell records them (the first after the one that prepared it — a cell laid out at
    /// one width only never pays for them), then published once, atomically, and only read.
    private let keptSlot = Atomic<Unmanaged<KeptIntrinsics>?>(nil)

    /// What is kept (empty views until a layout has kept them; valid while the tree lives).
    var kept: KeptIntrinsics.Views {
        guard let k = keptSlot.load(ordering: .acquiring) else { return KeptIntrinsics.Views() }
        return k._withUnsafeGuaranteedRef { $0.views }
    }
    /// Whether a layout has kept the tree's intrinsic sizes.
    var hasKept: Bool { keptSlot.load(ordering: .acquiring) != nil }
    var intrinsics: UnsafeMutableBufferPointer<FlexSolver.Intrinsic> { kept.intrinsics }
    var intrinsicIndex: UnsafeMutableBufferPointer<Int32> { kept.index }
    var intrinsicRects: UnsafeMutableBufferPointer<Rect> { kept.rects }

    /// Takes the builder's texts over (moved out, not each retained here and released with the
    /// builder); its properties, children and ids are the shape's when it has the same ones
    /// (the builder's arrays are then left to be reused: `SolverScratch.builder`).
    init(_ b: inout Builder, layout: CellLayout) {
        self.layout = layout
        engine = layout.textEngine.map { Unmanaged.passUnretained($0) }
        shape = SolverScratch.current.shapes.shape(props: b.props, childIndex: b.childIndex, ids: b.ids)
        props = shape.props
        childIndex = shape.childIndex
        needsBaseline = shape.needsBaseline
        // (A feed's posts of one shape have one set of ids, the template's: shared, not an array a post.
        // Otherwise a copy of their own, as long as they are: `Array(b.ids)` would share the thread's
        // buffer — its capacity kept with the tree, and the buffer allocated again for the next one.)
        ids = shape.ids == b.ids ? shape.ids : Array(b.ids[...])
        texts = Self.take(&b.texts)
        styles = []
        styleOrdinals = []
        textNodes = Self.take(&b.textNodes)
    }

    /// A tree of a known shape, ids and text nodes with its own texts (`FlexSkeleton`): text i
    /// takes `styles[styleOrdinals[i]]` when there is one (`StructureTexts`), else its own.
    init(shape: FlexShape, ids: [String?], texts: [CellText], styles: [TextStyle], styleOrdinals: [Int32], textNodes: [Int],
         layout: CellLayout) {
        self.layout = layout
        engine = layout.textEngine.map { Unmanaged.passUnretained($0) }
        self.shape = shape
        props = shape.props
        childIndex = shape.childIndex
        needsBaseline = shape.needsBaseline
        self.ids = ids
        self.texts = texts
        self.styles = styles
        // (No places kept when no text takes a style from the list.)
        self.styleOrdinals = styles.isEmpty ? [] : styleOrdinals
        self.textNodes = textNodes
    }

    /// Text `t`'s style.
    @inline(__always)
    func style(_ t: Int) -> TextStyle {
        guard !styleOrdinals.isEmpty else { return texts[t].style }
        let o = Int(styleOrdinals[t])
        return o < styles.count ? styles[o] : texts[t].style
    }

    /// `array`'s value, moved out (it is left empty).
    private static func take<T>(_ array: inout [T]) -> [T] {
        var out: [T] = []
        swap(&out, &array)
        return out
    }

    deinit {
        keptSlot.load(ordering: .acquiring)?.release()
    }

    /// Files what `recorder` kept (once: a tree already holding intrinsic sizes keeps them; of
    /// two layouts keeping them at once, the first to finish).
    func keep(_ recorder: IntrinsicRecorder) {
        guard keptSlot.load(ordering: .acquiring) == nil, !recorder.entries.isEmpty else { return }
        let fresh = Unmanaged.passRetained(KeptIntrinsics(recorder, nodes: props.count))
        let (exchanged, _) = keptSlot.compareExchange(expected: nil, desired: fresh, ordering: .acquiringAndReleasing)
        if !exchanged { fresh.release() }
    }
}

/// A tree's kept measurements in one allocation (the entries, then each node's index, then the
/// rects), made once from a recorder and never changed.
final class KeptIntrinsics: @unchecked Sendable {
    /// The kept values, read in place (immutable once published: safe to read from any thread).
    struct Views: @unchecked Sendable {
        var intrinsics = UnsafeMutableBufferPointer<FlexSolver.Intrinsic>(start: nil, count: 0)
        var index = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
        var rects = UnsafeMutableBufferPointer<Rect>(start: nil, count: 0)
        /// The one block holding them (for prefetching).
        var memory = UnsafeRawBufferPointer(start: nil, count: 0)
    }
    let views: Views

    init(_ recorder: IntrinsicRecorder, nodes: Int) {
        let n = recorder.entries.count, r = recorder.rects.count
        let indexAt = FlexShape.rounded(n * MemoryLayout<FlexSolver.Intrinsic>.stride, MemoryLayout<Int32>.alignment)
        let rectsAt = FlexShape.rounded(indexAt + nodes * MemoryLayout<Int32>.stride, MemoryLayout<Rect>.alignment)
        let raw = UnsafeMutableRawPointer.allocate(byteCount: rectsAt + r * MemoryLayout<Rect>.stride,
                                                   alignment: max(MemoryLayout<FlexSolver.Intrinsic>.alignment, MemoryLayout<Rect>.alignment))
        var v = Views()
        v.memory = UnsafeRawBufferPointer(start: raw, count: rectsAt + r * MemoryLayout<Rect>.stride)
        v.intrinsics = UnsafeMutableBufferPointer(start: raw.bindMemory(to: FlexSolver.Intrinsic.self, capacity: n), count: n)
        _ = v.intrinsics.initialize(from: recorder.entries)
        v.index = UnsafeMutableBufferPointer(start: (raw + indexAt).bindMemory(to: Int32.self, capacity: nodes), count: nodes)
        v.index.initialize(repeating: -1)
        v.rects = UnsafeMutableBufferPointer(start: (raw + rectsAt).bindMemory(to: Rect.self, capacity: r), count: r)
        _ = v.rects.initialize(from: recorder.rects)
        for (i, node) in recorder.nodes.enumerated() { v.index[Int(node)] = Int32(i) }
        views = v
    }

    deinit { UnsafeMutableRawPointer(mutating: views.memory.baseAddress)?.deallocate() }
}

/// A tree's elements' properties, children and baseline flags in one block: built once, never
/// changed, shared by every tree of the same shape (`ShapeTable`).
final class FlexShape: @unchecked Sendable {
    typealias Props = FlexSolver.Props
    let props: UnsafeMutableBufferPointer<Props>
    let childIndex: UnsafeMutableBufferPointer<Int>
    let needsBaseline: UnsafeMutableBufferPointer<Bool>
    /// The ids of the first tree of this shape: every later tree whose ids are the same shares
    /// them (they are not part of the shape: trees with other ids still share its properties).
    let ids: [String?]
    /// A hash of some of the shape's values (`holdsTheSame` compares them all).
    let hash: Int
    /// Where `props`, `childIndex` and `needsBaseline` live: one allocation for the three.
    private let block: UnsafeMutableRawPointer

    init(props source: [Props], childIndex links: [Int], ids: [String?]) {
        self.ids = Array(ids[...])  // (a copy: not the builder's buffer, see `FlexTree.init`)
        let n = source.count, l = links.count
        let linksAt = Self.rounded(n * MemoryLayout<Props>.stride, MemoryLayout<Int>.alignment)
        let flagsAt = linksAt + l * MemoryLayout<Int>.stride
        block = .allocate(byteCount: max(1, flagsAt + n), alignment: max(MemoryLayout<Props>.alignment, MemoryLayout<Int>.alignment))
        props = UnsafeMutableBufferPointer(start: block.bindMemory(to: Props.self, capacity: n), count: n)
        _ = props.initialize(from: source)
        childIndex = UnsafeMutableBufferPointer(start: (block + linksAt).bindMemory(to: Int.self, capacity: l), count: l)
        _ = childIndex.initialize(from: links)
        needsBaseline = UnsafeMutableBufferPointer(start: (block + flagsAt).bindMemory(to: Bool.self, capacity: n), count: n)
        needsBaseline.initialize(repeating: false)
        hash = Self.hash(props: source, childIndex: links)
        markRows()
    }

    /// A hash of some of the values of the elements' properties `props` (what a tree's builder
    /// gives: the values `markRows` works out are not counted) and of the number of links.
    static func hash(props source: [Props], childIndex links: [Int]) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(source.count) << 32 ^ UInt64(links.count)
        @inline(__always) func mix(_ v: UInt64) { h = (h ^ v) &* 0x100_0000_01b3 }
        source.withUnsafeBufferPointer { source in
            for i in source.indices {
                let p = UnsafePointer(source.baseAddress.unsafelyUnwrapped + i)
                mix(UInt64(p.pointee.kind.rawValue) | UInt64(p.pointee.childCount) << 8 | UInt64(p.pointee.mirrors ? 1 : 0) << 7
                    | UInt64(bitPattern: Int64(p.pointee.payload)) << 24)
                mix(p.pointee.width.bitPattern ^ p.pointee.height.bitPattern &* 31 ^ p.pointee.basis.bitPattern &* 961
                    ^ p.pointee.after.bitPattern &* 29791)
                mix(p.pointee.grow.bitPattern ^ p.pointee.spacing.bitPattern &* 31 ^ p.pointee.padTop.bitPattern &* 961
                    ^ p.pointee.padLeft.bitPattern &* 29791)
            }
        }
        return Int(truncatingIfNeeded: h)
    }

    /// Whether this shape was built from `props` and `childIndex` as a builder gives them (the
    /// values `markRows` works out follow from those, so they are not compared): a new tree of
    /// this shape takes it without building its own first.
    func wasBuilt(from source: [Props], childIndex links: [Int], hash: Int) -> Bool {
        guard hash == self.hash, props.count == source.count, childIndex.count == links.count else { return false }
        let same = source.withUnsafeBufferPointer { source -> Bool in
            for i in source.indices where !Self.same(props.baseAddress.unsafelyUnwrapped + i, source.baseAddress.unsafelyUnwrapped + i,
                                                     derived: false) { return false }
            return true
        }
        guard same else { return false }
        for i in links.indices where childIndex[i] != links[i] { return false }
        return true
    }

    /// Whether two elements' properties are the same values, read in place (a copy of each, to
    /// compare, moved 170 bytes twice per element of every post of a feed): every double by its
    /// bits — so the fields that stand for "none" with NaN (width, height, basis, ratio) are
    /// equal when both are that NaN, and −0 differs from +0 —, every other field by `==`; with
    /// `derived: false`, not the values `markRows` works out (`strictHeight`, `ratioInside`,
    /// `customInside`, `heightDefinite`). A difference in bits only makes two shapes count as different: never
    /// shared wrongly. (Every stored property of `Props` must be named here: FlexShapeTests
    /// counts them.)
    static func same(_ a: Props, _ b: Props) -> Bool {
        withUnsafePointer(to: a) { x in withUnsafePointer(to: b) { y in same(x, y) } }
    }

    /// `same(_:_:)` on properties where they are.
    static func same(_ x: UnsafePointer<Props>, _ y: UnsafePointer<Props>, derived: Bool = true) -> Bool {
        @inline(__always) func eq(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        guard x.pointee.kind == y.pointee.kind, x.pointee.isRow == y.pointee.isRow, x.pointee.wraps == y.pointee.wraps,
              x.pointee.mirrors == y.pointee.mirrors,
              x.pointee.alignment == y.pointee.alignment, x.pointee.justify == y.pointee.justify,
              x.pointee.alignSelf == y.pointee.alignSelf,
              x.pointee.firstChild == y.pointee.firstChild, x.pointee.childCount == y.pointee.childCount,
              x.pointee.payload == y.pointee.payload, x.pointee.parent == y.pointee.parent,
              x.pointee.indexInParent == y.pointee.indexInParent else { return false }
        guard eq(x.pointee.spacing, y.pointee.spacing), eq(x.pointee.width, y.pointee.width), eq(x.pointee.height, y.pointee.height),
              eq(x.pointee.minWidth, y.pointee.minWidth), eq(x.pointee.maxWidth, y.pointee.maxWidth),
              eq(x.pointee.minHeight, y.pointee.minHeight), eq(x.pointee.maxHeight, y.pointee.maxHeight),
              eq(x.pointee.padTop, y.pointee.padTop), eq(x.pointee.padLeft, y.pointee.padLeft),
              eq(x.pointee.padBottom, y.pointee.padBottom), eq(x.pointee.padRight, y.pointee.padRight),
              eq(x.pointee.grow, y.pointee.grow), eq(x.pointee.shrink, y.pointee.shrink), eq(x.pointee.basis, y.pointee.basis),
              eq(x.pointee.after, y.pointee.after),
              eq(x.pointee.ratio, y.pointee.ratio) else { return false }
        return !derived || (x.pointee.strictHeight == y.pointee.strictHeight && x.pointee.ratioInside == y.pointee.ratioInside
                            && x.pointee.customInside == y.pointee.customInside
                            && x.pointee.heightDefinite == y.pointee.heightDefinite)
    }

    static func rounded(_ offset: Int, _ alignment: Int) -> Int { (offset + alignment - 1) / alignment * alignment }

    deinit {
        props.deinitialize()
        block.deallocate()
    }

    /// Whether `other` holds the same values.
    func holdsTheSame(as other: FlexShape) -> Bool {
        guard hash == other.hash, props.count == other.props.count, childIndex.count == other.childIndex.count else { return false }
        for i in props.indices where !Self.same(props.baseAddress.unsafelyUnwrapped + i, other.props.baseAddress.unsafelyUnwrapped + i) {
            return false
        }
        for i in childIndex.indices where childIndex[i] != other.childIndex[i] { return false }
        for i in needsBaseline.indices where needsBaseline[i] != other.needsBaseline[i] { return false }
        return true
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
                    // (A stack's first baseline comes from its first item, its last from its last —
                    // or, in a wrapping row, from any item that ends up last on its last line.)
                    if (p.kind == .stack && p.isRow && (align == .firstBaseline || align == .lastBaseline))
                        || (needsBaseline[n] && (k == 0 || (p.kind == .stack && (k == p.childCount - 1 || (p.isRow && p.wraps))))) {
                        needsBaseline[c] = true
                    }
                    if p.kind == .stack, !p.isRow, definite[n] { definite[c] = true }
                    // (A pair's base and layer fill it: its height is as definite for them as for
                    // it — Chromium, a row of a ratio box as the base of a pair stretched across a row.)
                    if p.kind == .layered, definite[n] { definite[c] = true }
                    // (Chromium also takes a column item's given basis as a definite height, the
                    // column's own height definite or not: a row of basis 20 down a column that
                    // nothing sizes sizes its ratio box 30 wide.)
                    if p.kind == .stack, !p.isRow, !props[c].basis.isNaN { definite[c] = true }
                    guard p.kind == .stack, p.isRow, align == .stretch, props[c].height.isNaN else { continue }
                    definite[c] = true  // (a wrapping row's lines stretch their items too)
                    if stretchingRow, !props[c].ratio.isNaN, props[c].width.isNaN { stretchesRatioChild = true }
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
            // (A pair likewise: what its base holds, it holds, and its base fills its height.)
            for n in props.indices where props[n].kind == .custom { props[n].customInside = true }
            for n in props.indices.reversed() where props[n].kind == .stack || props[n].kind == .layered {
                let p = props[n]
                let climbs = definite[n] && p.height.isNaN && !p.strictHeight
                for k in 0..<p.childCount {
                    let c = childIndex[p.firstChild + k]
                    if (props[c].kind == .box && !props[c].ratio.isNaN) || props[c].ratioInside { props[n].ratioInside = true }
                    if props[c].customInside { props[n].customInside = true }
                    if climbs, props[c].strictHeight, p.kind == .layered || !p.isRow || (props[c].alignSelf ?? p.alignment) == .stretch {
                        props[n].strictHeight = true
                    }
                }
            }
        }
    }

}

/// The shapes a thread has built lately (`SolverScratch.shapes`): a new tree whose shape is one
/// of them takes it, and its own is freed. Direct-mapped by hash, 256 shapes of at most
/// `largestShared` elements: bounded (a few MB at most), no lock.
final class ShapeTable {
    private var slots = [FlexShape?](repeating: nil, count: 256)

    /// Forgets every shape (`SolverScratch.forgetTables`).
    func removeAll() { for i in slots.indices { slots[i] = nil } }
    /// The shapes held (for tests).
    var count: Int { slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
    /// Larger trees keep their own shape (a cell's tree is a few dozen elements).
    static let largestShared = 128

    func interned(_ shape: FlexShape) -> FlexShape {
        guard shape.props.count <= Self.largestShared else { return shape }
        let i = Int(UInt(bitPattern: shape.hash) % UInt(slots.count))
        if let known = slots[i], known.holdsTheSame(as: shape) { return known }
        slots[i] = shape
        return shape
    }

    /// The shape of a tree whose builder gave `props` and `childIndex`: a known one when it was
    /// built from the same values (no block allocated, copied and worked over only to be freed —
    /// a feed's posts have a handful of shapes), else a new one, which is kept.
    func shape(props: [FlexShape.Props], childIndex: [Int], ids: [String?]) -> FlexShape {
        guard props.count <= Self.largestShared else { return FlexShape(props: props, childIndex: childIndex, ids: ids) }
        let hash = FlexShape.hash(props: props, childIndex: childIndex)
        let i = Int(UInt(bitPattern: hash) % UInt(slots.count))
        if let known = slots[i], known.wasBuilt(from: props, childIndex: childIndex, hash: hash) { return known }
        return interned(FlexShape(props: props, childIndex: childIndex, ids: ids))
    }
}

extension FlexTree {
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
        /// The direction the element being flattened inherits: right to left or not.
        var rightToLeft = false

        /// A builder whose properties, children and ids go into `buffers`' arrays (emptied, their
        /// capacity kept: `SolverScratch.builder`, one set a thread) — a tree of a known shape
        /// keeps none of them, so a post of a feed allocates no array for them.
        init(textStyles: [TextStyle], buffers: inout Buffers) {
            self.textStyles = textStyles
            swap(&props, &buffers.props)
            swap(&childIndex, &buffers.childIndex)
            swap(&ids, &buffers.ids)
            props.removeAll(keepingCapacity: true)
            childIndex.removeAll(keepingCapacity: true)
            ids.removeAll(keepingCapacity: true)
            props.reserveCapacity(24)
            ids.reserveCapacity(24)
            childIndex.reserveCapacity(24)
            texts.reserveCapacity(4)
            textNodes.reserveCapacity(4)
        }

        /// The arrays a builder fills and a tree does not keep, between two builders of a thread.
        struct Buffers {
            var props: [Props] = []
            var childIndex: [Int] = []
            var ids: [String?] = []
            /// Arrays longer than this are not kept (a tree of thousands of elements is rare).
            static let largestKept = 1_024
        }

        /// Hands the arrays back to `buffers` for the next builder (those of a huge tree are dropped;
        /// the ids are emptied now, not kept alive until the next tree).
        mutating func giveBack(_ buffers: inout Buffers) {
            guard props.capacity <= Buffers.largestKept, childIndex.capacity <= Buffers.largestKept else { return }
            ids.removeAll(keepingCapacity: true)
            swap(&props, &buffers.props)
            swap(&childIndex, &buffers.childIndex)
            swap(&ids, &buffers.ids)
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
            // Right to left, the element is laid out as its mirror image and mirrored when placed:
            // its physical left and right padding swap for that (its leading and trailing do not).
            let inherited = rightToLeft
            if let d = e.pointee.layoutDirection { rightToLeft = d == .rightToLeft }
            defer { rightToLeft = inherited }
            p.mirrors = rightToLeft
            p.padTop = e.pointee.padding.top
            p.padLeft = e.pointee.padding.left
            p.padBottom = e.pointee.padding.bottom
            p.padRight = e.pointee.padding.right
            if rightToLeft && !e.pointee.paddingIsDirectional { swap(&p.padLeft, &p.padRight) }
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
                        let c = flatten(children.baseAddress.unsafelyUnwrapped + i, parent: n, index: i)
                        childIndex[first + k] = c
                        // (A custom spacing after it, up to the next visible child: none after the last.)
                        if k + 1 < visible, let after = children[i].spacingAfter { props[c].after = after - s.spacing }
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
                // Nor is the pair smaller than its base's padding inside its own (the base, a
                // border box, never is: Chromium's padded row as a pair's base keeps 8 pt in a row
                // that squeezes the pair to 6).
                if !base.isHidden {
                    let inner = base.paddingWithBases
                    p.minWidth = max(p.minWidth, inner.horizontal + e.pointee.padding.horizontal)
                    p.minHeight = max(p.minHeight, inner.vertical + e.pointee.padding.vertical)
                }
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
