fn main() {
    bevy::prelude::App::new().add_plugins(bevy::prelude::DefaultPlugins);
}
