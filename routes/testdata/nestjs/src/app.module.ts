import { Module } from '@nestjs/common';
import { CatsController } from './cats/cats.controller';
import { UsersController } from './users/users.controller';
import { HealthController } from './health.controller';

@Module({
  controllers: [CatsController, UsersController, HealthController],
})
export class AppModule {}
