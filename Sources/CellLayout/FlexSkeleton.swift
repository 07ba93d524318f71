import Synchronization
import TextLayout

/// A tree's structure, named by what made it (a template and the values bound into it other than
/// its texts' strings), compared by identity: every tree given the same structure object
/// flattens to the same properties, children, ids and text nodes — they differ only in their
/// texts' strings — so a solver takes them from the last tree of that structure instead of
/// flattening (`FlexSolver.init(rootAt:…structure:)`). Whoever hands one structure object to
/// several trees promises that; nothing else is assumed of it.
package final class CellStructure: Sendable {
    /// Where the structure's skeleton goes in a thread's `SkeletonTable`: structures are numbered
    /// as they are made, so that any `SkeletonTable.size` made one after another (a template's
    /// structures are made together, when its rows are decoded) never share a slot. (A slot from
    /// the object's address, hashed, put two of a feed's 20 structures in one slot about as often
    /// as not: they took turns evicting each other, and 14 % of the posts were flattened again.)
    let slot: Int

    private static let made = Atomic<Int>(0)

    /// A new structure, the same as no other.
    package init() {
        slot = Self.made.wrappingAdd(1, ordering: .relaxed).oldValue & (SkeletonTable.size - 1)
    }
}

/// What flattening a tree of one structure gives besides its texts, for the given text styles
/// and layout direction (which flattening reads too).
final class FlexSkeleton {
    let structure: CellStructure
    let rightToLeft: Bool
    /// (The last equal array asked with: the next ask with it is found by its buffer.)
    var textStyles: [TextStyle]
    /// The same styles in an array of this skeleton's own (its thread's), for the trees made
    /// from it to keep.
    let ownStyles: [TextStyle]
    let shape: FlexShape
    let ids: [String?]
    let textNodes: [Int]

    init(structure: CellStructure, rightToLeft: Bool, textStyles: [TextStyle], tree: FlexTree) {
        self.structure = structure
        self.rightToLeft = rightToLeft
        self.textStyles = textStyles
        var own: [TextStyle] = []
        own.reserveCapacity(textStyles.count)
        own.append(contentsOf: textStyles)
        ownStyles = own
        shape = tree.shape
        ids = tree.ids
        textNodes = tree.textNodes
    }
}

/// The skeletons a thread made lately (`SolverScratch.skeletons`): direct-mapped by structure,
/// 256 of them — bounded, no lock.
final class SkeletonTable {
    static let size = 256
    private var slots = [FlexSkeleton?](repeating: nil, count: size)

    func find(_ structure: CellStructure, rightToLeft: Bool, textStyles: [TextStyle]) -> FlexSkeleton? {
        guard let k = slots[structure.slot], k.structure === structure, k.rightToLeft == rightToLeft else { return nil }
        let sameBuffer = k.textStyles.withUnsafeBufferPointer { x in
            textStyles.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress && x.count == y.count }
        }
        if !sameBuffer {
            guard k.textStyles == textStyles else { return nil }
            k.textStyles = textStyles
        }
        return k
    }

    func store(_ skeleton: FlexSkeleton) {
        slots[skeleton.structure.slot] = skeleton
    }

    /// Forgets every skeleton (`SolverScratch.forgetTables`).
    func removeAll() { for i in slots.indices { slots[i] = nil } }
    /// The skeletons held (for tests).
    var count: Int { slots.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
}

extension FlexSolver {
    /// `init(rootAt:layout:textStyles:)` for a tree of a known structure: its properties, children
    /// and ids from the last tree of that structure this thread flattened, its texts read from it
    /// — the same tree flattening would give, without flattening. (Any other tree: flattened.)
    /// `texts`: the tree's own (`StructureTexts`), when its maker read them.
    /// (Not delegating to another initialiser: one that did copied the solver it made into
    /// `self` and destroyed the original — 18 atomic counts a post.)
    init(rootAt root: UnsafePointer<CellElement>, layout: CellLayout, textStyles: [TextStyle], structure: Unmanaged<CellStructure>?,
         texts: StructureTexts? = nil) {
        tree = Self.tree(rootAt: root, layout: layout, textStyles: textStyles, structure: structure, texts: texts)
        // (Its text slots are made by `prepareTexts()`, which its one caller runs next: made here,
        // they were shared with a copy of the new solver that the compiler makes where it is
        // stored, and the first text prepared copied them again — an allocation a post.)
    }

    /// The tree at `root`, flattened.
    static func flattened(rootAt root: UnsafePointer<CellElement>, layout: CellLayout, textStyles: [TextStyle]) -> FlexTree {
        let scratch = SolverScratch.current
        var builder = FlexTree.Builder(textStyles: textStyles, buffers: &scratch.builder)
        builder.rightToLeft = layout.layoutDirection == .rightToLeft
        if !root.pointee.isHidden { _ = builder.flatten(root, parent: -1, index: 0) }
        let tree = FlexTree(&builder, layout: layout)
        builder.giveBack(&scratch.builder)
        return tree
    }

    /// The tree of `init(rootAt:layout:textStyles:structure:texts:)`.
    private static func tree(rootAt root: UnsafePointer<CellElement>, layout: CellLayout, textStyles: [TextStyle],
                             structure: Unmanaged<CellStructure>?, texts: StructureTexts?) -> FlexTree {
        // (A tree whose texts were read has a visible root, `StructureTexts` says: not read here.)
        guard let structure, texts != nil || !root.pointee.isHidden else {
            return flattened(rootAt: root, layout: layout, textStyles: textStyles)
        }
        let scratch = SolverScratch.current
        let rightToLeft = layout.layoutDirection == .rightToLeft
        if let known = structure._withUnsafeGuaranteedRef({ scratch.skeletons.find($0, rightToLeft: rightToLeft, textStyles: textStyles) }) {
            // The texts as the tree's maker read them, or read now (the same, but reading the
            // tree: a decoded feed's trees are cold, and their blocks missed the cache one after another).
            if let found = texts ?? StructureTexts(root: root), found.count == known.textNodes.count {
                // (The styles the skeleton copied, this thread's: the list every row of the
                // template shares, kept by each tree, made both cores count on it.)
                return FlexTree(shape: known.shape, ids: known.ids, texts: found.texts, styles: known.ownStyles,
                                styleOrdinals: found.ordinals, textNodes: known.textNodes, layout: layout)
            }
        }
        let tree = flattened(rootAt: root, layout: layout, textStyles: textStyles)
        // (Only trees small enough to share their shape: the table's memory stays bounded.)
        if tree.props.count <= ShapeTable.largestShared {
            scratch.skeletons.store(FlexSkeleton(structure: structure.takeUnretainedValue(), rightToLeft: rightToLeft,
                                                 textStyles: textStyles, tree: tree))
        }
        return tree
    }
}
