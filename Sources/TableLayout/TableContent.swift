/// What a row, header or footer carries: the user's payload.
///
/// `TableViewLayout` is generic over its content type and never looks inside it except through this
/// protocol: the cell chrome (accessory, editing controls), which narrows the width the content
/// is measured at, and a kind used to learn estimates. The sizer (`TableSizer`) receives the
/// content itself. Keep the type small — it is stored once per row (an `enum` with a few cases, an
/// index into your own storage, or a class reference); `EmptyContent` costs one byte.
public protocol TableContent: Sendable {
    /// The value used where no content is given (fixed-height rows, plain headers).
    static var placeholder: Self { get }
    /// Accessory and editing controls of the cell showing this content. Read from the threads
    /// that measure rows (a bulk measurement makes each row's sizing request on the core that
    /// sizes it), as the sizer is called.
    var chrome: CellChrome { get }
    /// The kind whose mean measured height the learning estimator uses (e.g. a reuse identifier).
    var estimationKind: Int { get }
}

extension TableContent {
    public var chrome: CellChrome { .none }
    public var estimationKind: Int { 0 }
}

/// No payload: rows sized by fixed heights or by a sizer that only needs the index path.
public struct EmptyContent: TableContent, Hashable {
    public init() {}
    public static var placeholder: EmptyContent { EmptyContent() }
}

/// `UITableViewCell.AccessoryType`, plus a custom accessory view of a given width.
public enum Accessory: Hashable, Sendable, Codable {
    case none
    case disclosureIndicator
    case detailDisclosureButton
    case checkmark
    case detailButton
    /// A custom `accessoryView` this wide (e.g. a 51-pt `UISwitch`).
    case custom(width: Double)
}

/// `UITableViewCell.EditingStyle`: the control on the left in editing mode.
public enum EditingStyle: String, Hashable, Sendable, Codable {
    case none
    case delete
    case insert
}

/// The parts of a cell, other than its content, that take horizontal space.
public struct CellChrome: Hashable, Sendable, Codable {
    /// The accessory shown outside editing mode.
    public var accessory: Accessory
    /// The accessory shown in editing mode (`editingAccessoryType`, default none).
    public var editingAccessory: Accessory
    /// The control shown on the left in editing mode.
    public var editingStyle: EditingStyle
    /// Whether the content indents in editing mode (`shouldIndentWhileEditing`, default true).
    public var shouldIndentWhileEditing: Bool
    /// Whether a reorder control shows on the right in editing mode (it covers the accessory).
    public var showsReorderControl: Bool

    public init(accessory: Accessory = .none, editingAccessory: Accessory = .none,
                editingStyle: EditingStyle = .delete, shouldIndentWhileEditing: Bool = true,
                showsReorderControl: Bool = false) {
        self.accessory = accessory
        self.editingAccessory = editingAccessory
        self.editingStyle = editingStyle
        self.shouldIndentWhileEditing = shouldIndentWhileEditing
        self.showsReorderControl = showsReorderControl
    }

    /// No accessory; the UIKit defaults in editing mode (delete control, indent, no reorder).
    public static let none = CellChrome()
}
