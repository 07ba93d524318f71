import LayoutGeometry
import TextLayout

/// One `arrange` call's work: the tree flattened into plain values (no reference counting on the
/// hot path), and measurements cached per node for the last few constraint pairs.
struct FlexSolver: Sendable {
    /// The tree, flattened: shared by every copy of the solver and read without reference counting.
    let tree: FlexTree
    /// The nodes' properties (parents before their children).
    var props: UnsafeMutableBufferPointer<Props> { tree.props }
    /// The children of node `n` are `childIndex[props[n].firstChild ..< +childCount]`.
    var childIndex: UnsafeMutableBufferPointer<Int> { tree.childIndex }
    /// Per text: its preparation, its max-content width and its measurement unwrapped (at that
    /// width), once worked out — one array, so that a solver allocates once for its texts.
    var textSlots: [TextSlot] = []
    /// The texts prepared so far, in the order they were (`TextSlot.preparedAt`).
    var preparedTexts: [PreparedText] = []
    /// Whether a prepared text has characters no font has (an arrangement then lists them; most
    /// cells have none, and looking through every text slot for each arrangement read them all).
    var anyMissingCharacters = false
    /// The code units of the prepared texts (counted as each is prepared: summing them when a
    /// prepared cell is stored copied every text slot, cold in the cache).
    var textUnits = 0
    /// Two measurement slots per node (`2n` and `2n + 1`, taking turns: `SlotKey.newer`): what
    /// each was asked for, and what it found.
    private var slots: [Slot] = []
    /// The layout the slots' measurements must belong to (`SlotKey.generation`): a thread's
    /// scratch slots are forgotten by counting on, not by writing every one of them again.
    private var generation: UInt32 = 1
    /// The children's rects of every measurement made since the measurements were last forgotten,
    /// appended (a measurement's stay where they are, whether or not a slot still holds it).
    var rects: [Rect] = []
    /// The text engine and nested-content measurer (held by the tree: a copy of the solver then
    /// retains no object that other threads' solvers share).
    var layout: CellLayout { tree.layout }
    var overflows: Set<Int> = []
    /// Per font (and whether its line gap counts): its ascent, descent and the gap, per point of size.
    var baselineMetrics: [String: (ascent: Double, descent: Double, gap: Double)] = [:]
    /// Each node's min-content width (NaN until asked for; empty until one is: most layouts ask
    /// for none, and a prepared cell's copies would each retain the array, cold, for nothing).
    private var minContent: [Double] = []
    /// While a layout keeps the tree's intrinsic sizes (`keepingIntrinsics`): the measurements at
    /// an unbounded width it makes (`FlexTree.keep` files them), else nil.
    var recorder: IntrinsicRecorder? {
        didSet { recorderUnretained = recorder.map { Unmanaged.passUnretained($0) } }
    }
    /// `recorder`, for what every measurement does while it is set (looks it up, records into
    /// it): read without a retain and release (`recorder` holds it).
    var recorderUnretained: Unmanaged<IntrinsicRecorder>?
    /// Whether a kept measurement of a row laid out the same when wider answers for other exact
    /// widths (`keptMeasurement`): only while a layout is sized without frames (which settles no
    /// kept subtree that is not clean — so no element below such a row is measured in this
    /// layout, and none could be measured by another path than a fresh layout takes) or only
    /// its root's size is asked for.
    var keptAnswersWider = false
    /// The tree's kept measurements as this layout found them when it started (`ensureSlots`):
    /// read without going back to the tree, and unchanged by a layout keeping them meanwhile.
    var keptViews = KeptIntrinsics.Views()
    /// The stack whose limits along one axis (its min and max width, or height) are ignored while
    /// its flex base size is worked out (css-flexbox §9.2.3: a base size from content is not
    /// clamped), or −1.
    var unclamped: (node: Int, width: Bool) = (-1, false)

    init(root: CellElement, layout: CellLayout, textStyles: [TextStyle] = []) {
        self = withUnsafePointer(to: root) { FlexSolver(rootAt: $0, layout: layout, textStyles: textStyles) }
    }

    /// `init(root:layout:textStyles:)` with the tree read where it is.
    init(rootAt root: UnsafePointer<CellElement>, layout: CellLayout, textStyles: [TextStyle] = []) {
        tree = Self.flattened(rootAt: root, layout: layout, textStyles: textStyles)
        // (No measurement slots yet: a prepared cell never holds any — each layout of it takes
        // the thread's scratch — and a one-off layout makes them when it starts.)
        textSlots = TextSlot.empty(tree.texts.count)
    }
}

extension FlexSolver {
    func path(_ n: Int) -> [Int] {
        var out: [Int] = []
        var i = n
        while props[i].parent >= 0 {
            out.append(props[i].indexInParent)
            i = props[i].parent
        }
        return out.reversed()
    }

    /// Prepares every visible text and its max-content width now (what any width needs), so that
    /// copies of this solver share them.
    mutating func prepareTexts() throws(CellLayoutError) {
        // (The text slots of a solver made for a tree of a known structure are made here: see
        // `init(rootAt:layout:textStyles:structure:texts:)`.)
        if textSlots.count != tree.texts.count { textSlots = TextSlot.empty(tree.texts.count) }
        for n in tree.textNodes { _ = try maxContentWidth(n) }
        // A kept solver holds no measurements (`forgetMeasurements` makes them): nothing to free.
        slots = []
        rects = []
    }

    /// Keeps the tree's intrinsic sizes by laying it out at its max-content size (for a cell
    /// prepared without a width), then forgets that layout.
    mutating func keepIntrinsics() throws(CellLayoutError) {
        guard !props.isEmpty else { return }
        makeSlots()
        overflows = []
        _ = try arrangeKeepingIntrinsics(width: nil, frames: false)
        slots = []
        rects = []
        overflows = []
    }

    /// Forgets what depends on the width (measurements, overflows); keeps the tree, the prepared
    /// texts and the content widths.
    mutating func forgetMeasurements() {
        makeSlots()
        overflows = []
    }

    private mutating func makeSlots() {
        slots = Array(repeating: Slot(), count: 2 * props.count)
        generation = 1
        rects = []
        rects.reserveCapacity(4 * props.count)
    }

    /// `forgetMeasurements()` in the thread's scratch buffers (`SolverScratch`): the slots and
    /// rects of the last layout on this thread are emptied and reused rather than allocated
    /// and zeroed afresh for every cell. `returnScratch` hands them back.
    mutating func adoptScratch(_ scratch: SolverScratch) {
        swap(&slots, &scratch.slots)
        swap(&rects, &scratch.rects)
        // A new generation forgets every slot's measurement; after 2³² − 1 layouts on this
        // thread the count starts again, from slots written afresh.
        scratch.generation &+= 1
        if _slowPath(scratch.generation == 0) {
            slots.removeAll(keepingCapacity: true)
            scratch.generation = 1
        }
        generation = scratch.generation
        if slots.count < 2 * props.count { slots.append(contentsOf: repeatElement(Slot(), count: 2 * props.count - slots.count)) }
        rects.removeAll(keepingCapacity: true)
        overflows = []
    }

    /// Forgets what a layout left behind (after `returnScratch`): its measurements, rects,
    /// overflows and min-content widths — a prepared cell keeps none of them. What it worked out
    /// about its texts (their measurements at their max-content widths) stays: the same values
    /// any later layout would find.
    mutating func forgetLayout() {
        slots = []
        rects = []
        overflows = []
        minContent = []
        generation = 1
    }

    /// Hands the buffers taken by `adoptScratch` back to `scratch` (unless they grew past its bound).
    mutating func returnScratch(_ scratch: SolverScratch) {
        guard slots.capacity <= SolverScratch.maximumSlots else { return }
        swap(&slots, &scratch.slots)
        swap(&rects, &scratch.rects)
    }

    /// `body` run on this solver with the thread's scratch slots and rects (`adoptScratch`), handed
    /// back afterwards: a one-off layout allocates and zeroes no measurement slots of its own.
    /// (A layout nested in it — content a host measures laying a cell out — swaps its own in and out.)
    mutating func withScratch<T>(_ body: (inout FlexSolver) throws(CellLayoutError) -> T) throws(CellLayoutError) -> T {
        let scratch = SolverScratch.current
        adoptScratch(scratch)
        defer { returnScratch(scratch) }
        return try body(&self)
    }

    /// Measurement slots for this solver's nodes, unless it has them (a one-off layout).
    @inline(__always)
    mutating func ensureSlots() {
        if _slowPath(slots.count < 2 * props.count) { makeSlots() }
        if _slowPath(textSlots.count != tree.texts.count) { textSlots = TextSlot.empty(tree.texts.count) }
        keptViews = tree.kept
    }

    /// The root's size at `width`; `keptAnswersWider` as a layout without frames sets it (the
    /// size is the same either way: a kept row answers only where it is laid out the same).
    mutating func rootSize(width: Double?, keptAnswersWider wider: Bool = false) throws(CellLayoutError) -> Size {
        guard !props.isEmpty else { return .zero }
        ensureSlots()
        if wider { keptAnswersWider = true }
        defer { if wider { keptAnswersWider = false } }
        return try measure(0, width.map { .exact(rootWidth($0)) } ?? .unbounded, .unbounded).size
    }

    mutating func fittingSize(width: Double?) throws(CellLayoutError) -> Size {
        guard !props.isEmpty else { return .zero }
        ensureSlots()
        return try measure(0, width.map { .atMost(max(0, $0)) } ?? .unbounded, .unbounded).size
    }

    /// The arrangement at `width`; without `frames`, only its size, overflows and missing
    /// characters (what sizing a row needs).
    mutating func arrange(width: Double?, frames wantsFrames: Bool = true) throws(CellLayoutError) -> CellArrangement {
        guard !props.isEmpty else { return CellArrangement(size: .zero, frames: []) }
        keptAnswersWider = !wantsFrames
        defer { keptAnswersWider = false }
        let size = try rootSize(width: width)
        var frames: [CellFrame] = []
        if wantsFrames {
            frames.reserveCapacity(props.count)
            try place(0, origin: .zero, size: size, path: [], into: &frames)
        } else {
            try settle(0, size: size)
        }
        return CellArrangement(size: size, frames: frames, overflows: overflows.isEmpty ? [] : overflows.sorted().map(path),
                               missingCharacters: missingCharacters())
    }

    /// The laid-out texts with characters no font has, from the preparations the layout made.
    private func missingCharacters() -> [CellMissingCharacters] {
        guard anyMissingCharacters else { return [] }
        var out: [CellMissingCharacters] = []
        // (Read in place: a copy of each prepared text would retain its parts.)
        textSlots.withUnsafeBufferPointer { texts in
            for t in texts.indices where texts[t].hasMissingCharacters {
                out.append(CellMissingCharacters(path: path(tree.textNodes[t]), id: tree.ids[tree.textNodes[t]],
                                                 characters: preparedTexts[Int(texts[t].preparedAt)].missingCharacters))
            }
        }
        return out
    }

    /// The root's width in a row `available` wide: its own width (clamped) or the row's.
    private func rootWidth(_ available: Double) -> Double {
        let p = props[0]
        return clamp(p.width.isNaN ? available : p.width, p.minWidth, p.maxWidth)
    }

    /// Where a frame laid out left to right goes: itself, or its mirror image about the middles
    /// of the elements it is inside whose direction differs from their parent's — `x ↦ x + shift`,
    /// or (`mirrored`) a rect of width w at x ↦ `shift − x − w`.
    struct Mirror {
        var mirrored = false
        var shift = 0.0

        @inline(__always) func callAsFunction(_ r: Rect) -> Rect {
            guard mirrored || shift != 0 else { return r }
            var r = r
            r.origin.x = mirrored ? shift - r.origin.x - r.size.width : r.origin.x + shift
            return r
        }

        /// This followed by the mirror image about the middle of `frame` (laid out left to right):
        /// x ↦ (2·minX + width) − x − w, then this.
        func mirroring(_ frame: Rect) -> Mirror {
            let c = 2 * frame.origin.x + frame.size.width
            return mirrored ? Mirror(mirrored: false, shift: shift - c) : Mirror(mirrored: true, shift: c + shift)
        }
    }

    private mutating func place(_ n: Int, origin: Point, size: Size, path: [Int], mirror: Mirror = Mirror(),
                                into frames: inout [CellFrame]) throws(CellLayoutError) {
        let m = try measure(n, .exact(size.width), .exact(size.height))
        if m.overflowed { overflows.insert(n) }
        let p = props[n]
        let own = Rect(origin: origin, size: size)
        // Its content (children, text) laid out left to right, then mirrored within its frame an
        // odd number of times if it lays out right to left, an even number if not (a left-to-right
        // element inside a right-to-left one is mirrored twice: once with its parent, once within itself).
        let inside = mirror.mirrored == p.mirrors ? mirror : mirror.mirroring(own)
        if let text = m.textSize {
            // Its lines at the start edge of its box (the left before mirroring), or where its
            // alignment puts them: left and right are physical sides, so in content that is
            // mirrored they are placed at the other side before it is.
            var shift = 0.0, width = text.width
            let alignment = tree.texts[p.payload].alignment
            if alignment != .natural {
                let free = Swift.max(0, size.width - p.padH - text.width)
                switch alignment {
                case .center: shift = free / 2
                case .left: shift = inside.mirrored ? free : 0
                case .right: shift = inside.mirrored ? 0 : free
                case .justified:  // (a stretched line reaches both edges of the content box, and so the lines' union)
                    if free > 0, try hasJustifiedLine(n, contentWidth: size.width - p.padH) { width += free }
                case .natural: break
                }
            }
            frames.append(CellFrame(path: path, id: tree.ids[n],
                                    rect: inside(Rect(x: origin.x + p.padLeft + shift, y: origin.y + p.padTop, width: width, height: text.height))))
        } else if p.kind == .custom {
            // The host lays its content out in the content box (inside the padding).
            let content = Rect(x: origin.x + p.padLeft, y: origin.y + p.padTop,
                               width: max(0, size.width - p.padH), height: max(0, size.height - p.padV))
            frames.append(CellFrame(path: path, id: tree.ids[n], rect: mirror(own),
                                    custom: CellFrame.Custom(key: p.payload, content: inside(content))))
        } else {
            frames.append(CellFrame(path: path, id: tree.ids[n], rect: mirror(own)))
        }
        for k in 0..<p.childCount {
            let c = childIndex[p.firstChild + k]
            let r = rects[m.firstRect + k]
            try place(c, origin: Point(x: origin.x + r.minX, y: origin.y + r.minY), size: r.size,
                      path: path + [props[c].indexInParent], mirror: inside, into: &frames)
        }
    }

    /// `place` without frames: every element measured at the size it is placed at (which finds
    /// the same overflowing stacks), nothing recorded — except boxes and spacers, which hold
    /// nothing, cannot overflow and cannot fail, so measuring them changes nothing.
    mutating func settle(_ n: Int, size: Size) throws(CellLayoutError) {
        let m = try measure(n, .exact(size.width), .exact(size.height))
        if m.overflowed { overflows.insert(n) }
        // A kept measurement placed at its own size (the only size a slot holding it answers
        // exactly): its subtree was settled at that size when the cell was prepared.
        if m.clean { return }
        let first = props[n].firstChild, count = props[n].childCount  // (not a copy of all the properties)
        for k in 0..<count {
            let c = childIndex[first + k]
            let kind = props[c].kind
            if kind == .box || kind == .spacer { continue }
            try settle(c, size: rects[m.firstRect + k].size)
        }
    }

    // MARK: Measuring

    mutating func measure(_ n: Int, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let kind = props[n].kind
        if kind == .box || kind == .spacer {
            // Its size follows from its properties and the constraints alone (no content, no
            // children's rects, nothing kept): worked out again, not looked up or stored.
            let p = UnsafePointer(props.baseAddress.unsafelyUnwrapped + n)
            let (ow, oh) = ownConstraints(p, w, h)
            return box(p, ow, oh)
        }
        // A size measured under a looser constraint is the layout at that exact size (flexbox:
        // laying an element out at its own max-content or fit-content size changes nothing), so
        // such an entry answers an exact request for the size it found.
        let strictHeight = props[n].strictHeight, fits = !props[n].customInside
        let newer = slots[2 * n + 1].key.newer ? 2 * n + 1 : 2 * n, older = newer ^ 1
        if answers(newer, w, h, strictHeight: strictHeight, fits: fits) { return slots[newer].value }
        if answers(older, w, h, strictHeight: strictHeight, fits: fits) { return slots[older].value }
        // (The tree's intrinsic sizes: none until a layout has kept them.)
        let index = keptViews.index
        if let base = index.baseAddress, base[n] >= 0, let m = keptMeasurement(n, Int(base[n]), w, h) {
            slots[newer].key.newer = false
            slots[older] = Slot(key: SlotKey(width: w, height: h, generation: generation, newer: true), value: m)
            return m
        }
        // The properties read in place: a copy of them (170 bytes), kept across the calls below,
        // was written and read straight back on every measurement, which stalls the loads.
        let p = UnsafePointer(props.baseAddress.unsafelyUnwrapped + n)
        // An element's maximum is the most room its content gets (CSS: fit-content within max-width):
        // content laid out wider and then clamped would be laid out at the wrong width.
        let (ow, oh) = ownConstraints(p, w, h)
        let m: Measured
        // (Kept while a layout keeps the intrinsic sizes: a measurement at an unbounded width — never
        // a box's, measured above.)
        // (And a row's first measurement at an exact width, when it is laid out the same wider:
        // a later layout at another width takes it, `keptMeasurement`.)
        let recording = _slowPath(recorderUnretained != nil) && (w == .unbounded || (p.pointee.kind == .stack && p.pointee.isRow))
            && !recorderUnretained.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.nodes.contains(Int32(n)) }
        switch p.pointee.kind {
        case .stack: m = isLeafStack(n) ? try leafStack(n, ow, oh) : try stack(n, ow, oh)
        case .text: m = try text(n, ow, oh)
        case .box, .spacer: m = box(p, ow, oh)
        case .layered: m = try layered(n, ow, oh)
        case .custom: m = try custom(n, ow, oh)
        }
        if recording, w == .unbounded || (w.exactValue != nil && !m.widerFrom.isNaN) { record(m, of: n, width: w, height: h) }
        // The older slot (or an unused one) takes the new measurement.
        slots[newer].key.newer = false
        slots[older] = Slot(key: SlotKey(width: w, height: h, generation: generation, newer: true), value: m)
        return m
    }

    /// The constraints element `p` lays its content out under: its own fixed size made exact,
    /// capped at its maximum (CSS: fit-content within max-width — content laid out wider and
    /// then clamped would be laid out at the wrong width).
    @inline(__always)
    func ownConstraints(_ p: UnsafePointer<Props>, _ w: Dim, _ h: Dim) -> (Dim, Dim) {
        (Self.capped(own(w, p.pointee.width, p.pointee.minWidth, p.pointee.maxWidth, padding: p.pointee.padH),
                     max(p.pointee.maxWidth, p.pointee.minWidth, p.pointee.padH)),
         Self.capped(own(h, p.pointee.height, p.pointee.minHeight, p.pointee.maxHeight, padding: p.pointee.padV),
                     max(p.pointee.maxHeight, p.pointee.minHeight, p.pointee.padV)))
    }

    @inline(__always)
    static func capped(_ d: Dim, _ hi: Double) -> Dim {
        guard hi.isFinite else { return d }
        switch d {
        case .exact: return d
        case .atMost(let v): return .atMost(min(v, hi))
        case .unbounded: return .atMost(hi)
        }
    }

    /// Whether measurement slot `slot` answers a request for `w` × `h`; `fits`: whether a width
    /// measured without a limit answers a limit it fits within (`covers`).
    @inline(__always)
    private func answers(_ slot: Int, _ w: Dim, _ h: Dim, strictHeight: Bool, fits: Bool) -> Bool {
        slots[slot].key.generation == generation && Self.covers(slots[slot].key.width, w, slots[slot].value.size.width, fits: fits)
            && (strictHeight ? slots[slot].key.height == h : Self.covers(slots[slot].key.height, h, slots[slot].value.size.height, fits: false))
    }

    /// Whether a measurement made under `had` that found `found` along the axis is the answer to
    /// `asked`: the same constraint; an exact size it found under a looser one (laid out at its
    /// own max-content or fit-content size, an element lays out the same); or (`fits`, widths
    /// only) a limit at least as wide as what it found without one — the fit-content width
    /// `min(max-content, max(min-content, limit))` is the max-content width then, and the
    /// layout at it the max-content layout (a column's children measured for its widest, then
    /// again within that width, are not laid out twice). Not for content a host measures, which
    /// may fill a limit it is given (`Props.customInside`).
    @inline(__always)
    private static func covers(_ had: Dim, _ asked: Dim, _ found: Double, fits: Bool) -> Bool {
        if had == asked { return true }
        switch asked {
        case .exact(let v): return had.exactValue == nil && abs(found - v) < 1e-9
        case .atMost(let v): return fits && had == .unbounded && found <= v
        case .unbounded: return false
        }
    }

    /// A constraint with the element's own size applied: an exact size from the parent stands;
    /// otherwise a fixed size becomes exact.
    @inline(__always)
    func own(_ d: Dim, _ fixed: Double, _ lo: Double, _ hi: Double, padding: Double) -> Dim {
        if case .exact = d { return d }
        // A border-box size is never less than its padding (CSS).
        if !fixed.isNaN { return .exact(max(clamp(fixed, lo, hi), padding)) }
        return d
    }

    /// `v` within the element's min/max along an axis (only where the size is not already exact),
    /// and never less than its padding.
    @inline(__always)
    func finish(_ v: Double, _ d: Dim, _ lo: Double, _ hi: Double, padding: Double) -> Double {
        if case .exact(let exact) = d { return exact }
        return max(clamp(v, lo, hi), padding)
    }

    private func box(_ element: UnsafePointer<Props>, _ w: Dim, _ h: Dim) -> Measured {
        let p = element.pointee
        var bw = w.exactValue, bh = h.exactValue
        if !p.ratio.isNaN {
            // The ratio is of the padded box: a side is never less than its padding before the
            // other follows from it.
            if let x = bw, bh == nil { bh = clamp(max(x, p.padH) / p.ratio, p.minHeight, p.maxHeight) }
            else if let y = bh, bw == nil { bw = Self.ratioWidth(p, height: y, ownLimits: true) }
            else if bw == nil, bh == nil {
                let x = Self.ratioWidth(p, height: nil, ownLimits: true)
                bw = x
                bh = clamp(x / p.ratio, p.minHeight, p.maxHeight)
            }
        }
        return Measured(size: Size(width: finish(bw ?? 0, w, p.minWidth, p.maxWidth, padding: p.padH),
                                   height: finish(bh ?? 0, h, p.minHeight, p.maxHeight, padding: p.padV)))
    }

    /// An aspect-ratio box's width: from its `height` through the ratio when it has one (the
    /// ratio is of the padded box: a side is never less than its padding before the other
    /// follows from it), else its content's — none: its padding, within its height's limits
    /// carried over by the ratio (min-height 10 at ratio 1 makes it 10 wide), as CSS sizes an
    /// empty box with an aspect-ratio. `ownLimits`: within its min- and max-width too (its size;
    /// not its flex base size in a row, `ratioBaseWidth`).
    static func ratioWidth(_ p: Props, height: Double?, ownLimits: Bool) -> Double {
        @inline(__always) func limited(_ v: Double) -> Double { ownLimits ? clamp(v, p.minWidth, p.maxWidth) : v }
        if let height { return limited(max(height, p.padV) * p.ratio) }
        let carried = clamp(0, p.minHeight * p.ratio, p.maxHeight * p.ratio)
        return max(limited(carried), p.padH, p.padV * p.ratio)
    }

    private mutating func custom(_ n: Int, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let p = props[n]
        guard let measureCustom = layout.customMeasure else {
            throw CellLayoutError(path: path(n), message: "nested content, but no measurer for it")
        }
        let content: Size
        do {
            content = try measureCustom(p.payload, w.limit.map { max(0, $0 - p.padH) })
        } catch {
            throw CellLayoutError(path: path(n), message: "\(error)")
        }
        var width = content.width + p.padH
        if case .atMost(let v) = w { width = min(width, v) }
        return Measured(size: Size(width: finish(width, w, p.minWidth, p.maxWidth, padding: p.padH),
                                   height: finish(content.height + p.padV, h, p.minHeight, p.maxHeight, padding: p.padV)))
    }

    /// An overlay or background: the pair is as large as its base under the pair's constraints
    /// (and the pair's own limits); the base keeps a size of its own where it has one (at the
    /// pair's top left) and fills the pair where it has none; the layer covers the pair.
    private mutating func layered(_ n: Int, _ w: Dim, _ h: Dim) throws(CellLayoutError) -> Measured {
        let p = props[n]
        guard p.childCount > 0 else { return Measured(size: .zero) }
        let base = childIndex[p.firstChild]
        let bp = props[base]
        // The base sits inside the pair's padding; the layer covers the whole pair. A side the base
        // gives itself is its own wherever the pair is placed (a base 200 wide in a pair flexed to
        // 20 overflows it, laid out at 200 — Chromium); any other side fills the pair, never below
        // the base's padding (a border box holds its padding: Chromium's padded stack in a pair
        // shrunk to 6 pt is 8 wide). Fresh corpus seed 10 with `--layers`, trees 0054, 0079, 0095.
        let natural = try measure(base, bp.width.isNaN ? w.inset(p.padH) : .unbounded, bp.height.isNaN ? h.inset(p.padV) : .unbounded)
        let size = Size(width: finish(natural.size.width + p.padH, w, p.minWidth, p.maxWidth, padding: p.padH),
                        height: finish(natural.size.height + p.padV, h, p.minHeight, p.maxHeight, padding: p.padV))
        let fitted = try measure(base, bp.width.isNaN ? .exact(max(bp.padH, size.width - p.padH)) : .unbounded,
                                 bp.height.isNaN ? .exact(max(bp.padV, size.height - p.padV)) : .unbounded)
        let first = rects.count
        rects.append(Rect(x: p.padLeft, y: p.padTop, width: fitted.size.width, height: fitted.size.height))
        if p.childCount > 1 { rects.append(Rect(origin: .zero, size: size)) }
        // The pair's baseline is its base's, synthesized from the base's bottom edge when the
        // base has none (Chromium: the pair is a grid whose first item is the base).
        let baseline = p.padTop + (fitted.baseline.isNaN ? fitted.size.height : fitted.baseline)
        let lastBaseline = p.padTop + (fitted.lastBaseline.isNaN ? fitted.size.height : fitted.lastBaseline)
        return Measured(size: size, baseline: baseline, lastBaseline: lastBaseline, firstRect: first)
    }

    // MARK: Intrinsic widths

    /// The element's min-content width (CSS): the narrowest it can be laid out without overflowing
    /// its content — a text's widest grapheme cluster (a word breaks anywhere, as with
    /// `overflow-wrap: anywhere`; on any line, a `numberOfLines` notwithstanding), a box's fixed
    /// width, a row's children side by side, a column's (or a wrapping row's) widest child — within
    /// its own limits. Fit-content widths never go below it: `min(max-content, max(min-content, room))`.
    mutating func minContentWidth(_ n: Int) throws(CellLayoutError) -> Double {
        if minContent.isEmpty { minContent = Array(repeating: .nan, count: props.count) }
        if !minContent[n].isNaN { return minContent[n] }
        let p = props[n]
        var w: Double
        if !p.width.isNaN {
            w = p.width
        } else {
            switch p.kind {
            case .box where !p.ratio.isNaN:
                // A ratio box is as wide as its height makes it: its given height, else its height's
                // limits (and its padding's floor) carried over.
                w = !p.height.isNaN ? max(clamp(p.height, p.minHeight, p.maxHeight), p.padV) * p.ratio
                    : max(clamp(0, p.minHeight * p.ratio, p.maxHeight * p.ratio), p.padV * p.ratio)
            case .box, .spacer, .custom:
                w = 0
            case .text:
                w = try minContentTextWidth(n) + p.padH
            case .layered:
                w = p.childCount > 0 ? try minContentWidth(childIndex[p.firstChild]) + p.padH : p.padH
            case .stack:
                w = try stackMinContent(p) { k throws(CellLayoutError) in
                    let child = childIndex[p.firstChild + k]
                    var c = try minContentWidth(child)
                    let cp = props[child]
                    if p.isRow, !p.wraps, !p.height.isNaN, !cp.ratio.isNaN, cp.height.isNaN, cp.width.isNaN,
                       (cp.alignSelf ?? p.alignment) == .stretch {
                        // A ratio box stretched across a row of given height is as wide as that height makes it.
                        let h = max(clamp(max(p.height, p.padV) - p.padV, cp.minHeight, cp.maxHeight), cp.padV)
                        c = max(c, clamp(h * cp.ratio, cp.minWidth, cp.maxWidth))
                    }
                    return p.isRow && !p.wraps ? try rowMinContentContribution(child, c) : c
                }
            }
        }
        w = max(clamp(w, p.minWidth, p.maxWidth), p.padH)
        minContent[n] = w
        return w
    }

    /// Stack `p`'s min-content width (with its padding, before its own limits) from its items'
    /// contributions `contribution(k)`: side by side with the gaps in a single-line row, the
    /// widest otherwise.
    func stackMinContent(_ p: Props, _ contribution: (Int) throws(CellLayoutError) -> Double) throws(CellLayoutError) -> Double {
        var sum = 0.0, widest = 0.0
        for k in 0..<p.childCount {
            // (An item's custom spacing along a row is part of what it needs, as a margin is.)
            let c = try contribution(k) + (p.isRow ? props[childIndex[p.firstChild + k]].after : 0)
            sum += c
            widest = max(widest, c)
        }
        let gaps = p.spacing * Double(max(0, p.childCount - 1))
        return (p.isRow && !p.wraps ? sum + gaps : widest) + p.padH
    }

    /// An item's min-content contribution to a row (css-flexbox §9.9.3): its min-content width
    /// (`minContent`: its preferred width where it has one), capped at its flex base size if it
    /// may not grow and raised to it if it may not shrink, then within its limits — a box 80 wide
    /// with basis 20 contributes 20 (Chromium: a row of it, a box 60 wide and a text fits 120).
    mutating func rowMinContentContribution(_ c: Int, _ minContent: Double) throws(CellLayoutError) -> Double {
        let cp = props[c]
        var m = minContent
        let base: Double? = !cp.basis.isNaN ? cp.basis : !cp.width.isNaN ? cp.width : nil
        if let base {
            if cp.grow == 0 { m = min(m, base) }
            if cp.shrink == 0 { m = max(m, base) }
        } else {
            // A base from content is not counted (Chromium: a text that may not shrink still
            // contributes its min-content width, its narrowest word, not its whole line).
            return m
        }
        return max(clamp(m, cp.minWidth, cp.maxWidth), cp.padH)
    }

}
