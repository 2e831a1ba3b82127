import { NestFactory } from '@nestjs/core';
import { VersioningType } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';

const DOCS = 'docs';

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.setGlobalPrefix('api', { exclude: ['health'] });
  app.enableVersioning({
    type: VersioningType.URI,
    defaultVersion: '1',
  });
  // Under the global prefix: the UI at /api/docs (its assets below), the
  // document at /api/openapi.json (jsonDocumentUrl) and /api/docs-yaml.
  const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
  SwaggerModule.setup(DOCS, app, document, { useGlobalPrefix: true, jsonDocumentUrl: '/openapi.json' });
  // Without useGlobalPrefix: /reference, /reference-json, /reference-yaml.
  SwaggerModule.setup('reference', app, document);
  await app.listen(process.env.PORT ?? 3000);
}
bootstrap();
