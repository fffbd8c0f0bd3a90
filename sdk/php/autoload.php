<?php
// Without Composer (shared hosting): require __DIR__ . '/sandi-php/autoload.php';
// Maps Sandi\Foo\Bar to src/Foo/Bar.php, as Composer's PSR-4 autoloader would.
spl_autoload_register(function ($class) {
    if (strncmp($class, 'Sandi\\', 6) !== 0) {
        return;
    }
    $file = __DIR__ . '/src/' . str_replace('\\', '/', substr($class, 6)) . '.php';
    if (is_file($file)) {
        require $file;
    }
});
