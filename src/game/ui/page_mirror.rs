//! The web page's copy of the interface for screen readers: egui draws on a
//! canvas, which a screen reader sees as one picture, so on the web the
//! widgets egui describes for AccessKit (its tree of roles and names) are
//! copied into the page as real elements: a button per button, a
//! checkbox per checkbox, a paragraph per text. Activating one asks egui,
//! through AccessKit's own action, to click the widget it stands for. On
//! the desktop, AccessKit hands the same tree to the system's screen reader.
//!
//! [`mirror_items`] (the tree read into items, in reading order) is plain
//! and tested natively; writing the page is wasm only.

use bevy_egui::egui::accesskit::{NodeId, Role, Toggled, TreeUpdate};

/// What a widget becomes in the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// A button, a link, a menu item: activated by a click.
    Button,
    /// A checkbox or a radio button, with its state.
    Check { checked: bool, radio: bool },
    /// A drop-down list (egui's combo box): a button that opens it.
    Choice,
    /// A heading or a text.
    Text,
}

/// One widget of the interface as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MirrorItem {
    /// The AccessKit node, for the click that goes back.
    pub node: u64,
    pub kind: ItemKind,
    pub name: String,
    pub disabled: bool,
}

/// The widgets of an AccessKit tree that the page copies, in reading order
/// (from the root, children in their order). Widgets without a name, text
/// boxes (the page has its own command box) and live regions (its own log)
/// are left out.
pub fn mirror_items(update: &TreeUpdate) -> Vec<MirrorItem> {
    let nodes: std::collections::HashMap<NodeId, &bevy_egui::egui::accesskit::Node> =
        update.nodes.iter().map(|(id, node)| (*id, node)).collect();
    let Some(root) = update.tree.as_ref().map(|t| t.root) else {
        return Vec::new();
    };
    let mut items = Vec::new();
    let mut stack = vec![root];
    while let Some(id) = stack.pop() {
        let Some(node) = nodes.get(&id) else {
            continue;
        };
        stack.extend(node.children().iter().rev().copied());
        // A live region (the game in words) has the page's own log.
        if node.live().is_some() {
            continue;
        }
        let name = node
            .label()
            .or(node.value())
            .unwrap_or_default()
            .trim()
            .to_string();
        let kind = match node.role() {
            Role::Button | Role::DefaultButton | Role::Link | Role::MenuItem => ItemKind::Button,
            Role::CheckBox | Role::RadioButton | Role::MenuItemCheckBox => ItemKind::Check {
                checked: node.toggled() == Some(Toggled::True),
                radio: node.role() == Role::RadioButton,
            },
            Role::ComboBox => ItemKind::Choice,
            Role::Label | Role::Heading => ItemKind::Text,
            _ => continue,
        };
        if name.is_empty() {
            continue;
        }
        items.push(MirrorItem {
            node: id.0,
            kind,
            name,
            disabled: node.is_disabled(),
        });
    }
    items
}

#[cfg(target_arch = "wasm32")]
pub(super) use page::plugin;

#[cfg(target_arch = "wasm32")]
mod page {
    use std::cell::RefCell;

    use bevy::prelude::*;
    use bevy_egui::egui::accesskit::{Action, ActionRequest, NodeId, TreeId};
    use bevy_egui::{
        EguiContext, EguiInput, EguiOutput, EguiPostUpdateSet, EguiPreUpdateSet, egui,
    };
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;

    use super::{ItemKind, MirrorItem, mirror_items};
    use crate::game::common::redraw::FrameWaker;

    thread_local! {
        /// Nodes activated in the page, waiting for egui's next pass.
        static CLICKED: RefCell<Vec<u64>> = const { RefCell::new(Vec::new()) };
    }

    pub fn plugin(app: &mut App) {
        app.add_systems(
            PreUpdate,
            pass_clicks_to_egui
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            PostUpdate,
            (turn_accesskit_on, copy_the_tree).after(EguiPostUpdateSet::ProcessOutput),
        );
    }

    /// egui describes its widgets only once asked to.
    fn turn_accesskit_on(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
        for mut context in &mut contexts {
            context.get_mut().enable_accesskit();
        }
    }

    fn pass_clicks_to_egui(mut inputs: Query<&mut EguiInput>) {
        let clicked = CLICKED.with(|c| std::mem::take(&mut *c.borrow_mut()));
        if clicked.is_empty() {
            return;
        }
        for mut input in &mut inputs {
            for node in &clicked {
                input
                    .events
                    .push(egui::Event::AccessKitActionRequest(ActionRequest {
                        action: Action::Click,
                        target_tree: TreeId::ROOT,
                        target_node: NodeId(*node),
                        data: None,
                    }));
            }
        }
    }

    /// Rewrites the page's copy (`#ui-mirror`) when the widgets change.
    fn copy_the_tree(
        outputs: Query<&EguiOutput>,
        waker: Res<FrameWaker>,
        mut shown: Local<Vec<MirrorItem>>,
    ) {
        let Some(update) = outputs
            .iter()
            .find_map(|o| o.platform_output.accesskit_update.as_ref())
        else {
            return;
        };
        let items = mirror_items(update);
        if *shown == items {
            return;
        }
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Some(mirror) = document.get_element_by_id("ui-mirror") else {
            return;
        };
        // The focus stays on the same widget across a rewrite, or goes to
        // the first one when its widget is gone (a page left).
        let focused = document
            .active_element()
            .filter(|e| mirror.contains(Some(e)))
            .and_then(|e| e.get_attribute("data-node"));
        mirror.set_inner_html("");
        for item in &items {
            if let Some(element) = element_for(&document, item, &waker) {
                let _ = mirror.append_child(&element);
            }
        }
        if let Some(node) = focused {
            let children =
                std::iter::successors(mirror.first_element_child(), |e| e.next_element_sibling());
            let again = children
                .clone()
                .find(|e| e.get_attribute("data-node").as_deref() == Some(node.as_str()))
                .or_else(|| children.clone().find(|e| e.has_attribute("data-node")));
            if let Some(element) = again.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
                let _ = element.focus();
            }
        }
        *shown = items;
    }

    fn element_for(
        document: &web_sys::Document,
        item: &MirrorItem,
        waker: &FrameWaker,
    ) -> Option<web_sys::Element> {
        let tag = if item.kind == ItemKind::Text {
            "p"
        } else {
            "button"
        };
        let element = document.create_element(tag).ok()?;
        element.set_text_content(Some(&item.name));
        match &item.kind {
            ItemKind::Text => return Some(element),
            ItemKind::Button => {}
            ItemKind::Check { checked, radio } => {
                let role = if *radio { "radio" } else { "checkbox" };
                let _ = element.set_attribute("role", role);
                let _ =
                    element.set_attribute("aria-checked", if *checked { "true" } else { "false" });
            }
            ItemKind::Choice => {
                let _ = element.set_attribute("aria-haspopup", "listbox");
            }
        }
        let _ = element.set_attribute("type", "button");
        let _ = element.set_attribute("data-node", &item.node.to_string());
        if item.disabled {
            let _ = element.set_attribute("aria-disabled", "true");
        }
        let node = item.node;
        let waker = waker.clone();
        let on_click = Closure::<dyn FnMut()>::new(move || {
            CLICKED.with(|c| c.borrow_mut().push(node));
            waker.wake();
        });
        let _ =
            element.add_event_listener_with_callback("click", on_click.as_ref().unchecked_ref());
        // Dropped with its element when the copy is rewritten.
        on_click.forget();
        Some(element)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy_egui::egui;

    /// An egui frame's AccessKit tree, read back as the page would copy it:
    /// every button, checkbox and text by role and name, in order.
    #[test]
    fn the_widgets_are_copied_by_role_and_name_in_order() {
        let ctx = egui::Context::default();
        ctx.enable_accesskit();
        let mut on = true;
        let output = ctx.run_ui(egui::RawInput::default(), |ui| {
            ui.heading("Stronghold");
            let _ = ui.button("New game");
            ui.add_enabled(false, egui::Button::new("Resume"));
            ui.checkbox(&mut on, "Sounds");
            ui.label("");
        });
        let update = output
            .platform_output
            .accesskit_update
            .clone()
            .expect("a tree");
        output.drop_without_applying_deltas();
        let items: Vec<(ItemKind, String, bool)> = mirror_items(&update)
            .into_iter()
            .map(|i| (i.kind, i.name, i.disabled))
            .collect();
        assert_eq!(
            items,
            [
                (ItemKind::Text, "Stronghold".to_string(), false),
                (ItemKind::Button, "New game".to_string(), false),
                (ItemKind::Button, "Resume".to_string(), true),
                (
                    ItemKind::Check {
                        checked: true,
                        radio: false
                    },
                    "Sounds".to_string(),
                    false
                ),
            ]
        );
    }
}
